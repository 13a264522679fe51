export function kindOfCommand(argv: readonly string[]): string;
