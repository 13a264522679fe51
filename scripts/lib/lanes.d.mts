export interface LaneStep {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}
export function runLanes(lanes: LaneStep[][], options?: { cwd?: string; log?: (line: string) => void }): Promise<string[]>;
