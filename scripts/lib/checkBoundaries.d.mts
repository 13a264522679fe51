import type { IConfiguration, IForbiddenRuleType, IViolation } from 'dependency-cruiser';
export const KNOWN_VIOLATIONS_FILE: string;
export function boundaryConfig(rootDir: string): IConfiguration & { forbidden: IForbiddenRuleType[] };
export function checkBoundaries(rootDir: string): Promise<{ violations: IViolation[]; modules: number }>;
export function describeViolation(violation: IViolation, rules: IForbiddenRuleType[]): string;
