export interface LaneStep {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** The step's niceness (0 to 19): higher yields the CPU to the other lanes. */
  nice?: number;
}
export function runLanes(lanes: LaneStep[][], options?: { cwd?: string; log?: (line: string) => void }): Promise<string[]>;
