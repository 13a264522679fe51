import type { Program } from 'typescript';

export function createTypeProgram(configPath: string): Program;
export function typeErrors(program: Program): string;
