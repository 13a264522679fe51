import type { ChildProcess } from 'node:child_process';

export interface StackPorts {
  demo: number;
  server: number;
  frame: number;
  chains: { chainId: number; port: number }[];
}
export interface RunningStack {
  demoUrl: string;
  serverUrl: string;
  frameUrl: string;
  chains: { chainId: number; url: string }[];
  children: ChildProcess[];
  stop(): Promise<void>;
}
export function stackPorts(): StackPorts;
export function takenPorts(ports: StackPorts): Promise<{ name: string; port: number; variable: string }[]>;
export function startStack(ports: StackPorts, options?: { demoMode?: 'dev' | 'preview'; demoOutDir?: string }): Promise<RunningStack>;
