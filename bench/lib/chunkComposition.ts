import { readFileSync } from 'node:fs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one line of a source map's `mappings` into [generatedColumn, sourceIndex?] per segment. */
function decodeLine(line: string, state: { source: number }): [number, number | undefined][] {
  const segments: [number, number | undefined][] = [];
  let column = 0;
  for (const segment of line.split(',')) {
    if (segment === '') continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) {
        shift += 5;
      } else {
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += fields[0]!;
    if (fields.length >= 4) state.source += fields[1]!;
    segments.push([column, fields.length >= 4 ? state.source : undefined]);
  }
  return segments;
}

/** The package a source path belongs to: `react-dom`, `@cairn/core`, or `(page)`. */
export function packageOf(source: string): string {
  const inNodeModules = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inNodeModules) return inNodeModules[1]!;
  const workspace = /packages\/([^/]+)\//.exec(source);
  if (workspace) return `@cairn/${workspace[1]}`;
  return '(page)';
}

/**
 * Bytes of a minified chunk per package, read from its source map: each mapped span of generated
 * code counts for the source it came from; unmapped bytes count as `(unmapped)`.
 */
export function chunkComposition(jsPath: string): Map<string, number> {
  const code = readFileSync(jsPath, 'utf8');
  const map = JSON.parse(readFileSync(`${jsPath}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const bytes = new Map<string, number>();
  const add = (name: string, count: number) => bytes.set(name, (bytes.get(name) ?? 0) + count);
  const codeLines = code.split('\n');
  const mapLines = map.mappings.split(';');
  const state = { source: 0 };
  codeLines.forEach((text, lineIndex) => {
    const segments = decodeLine(mapLines[lineIndex] ?? '', state);
    segments.forEach(([start, source], index) => {
      const end = segments[index + 1]?.[0] ?? text.length;
      const length = Buffer.byteLength(text.slice(start, end));
      add(source === undefined ? '(unmapped)' : packageOf(map.sources[source] ?? ''), length);
    });
    add('(unmapped)', Buffer.byteLength(text.slice(0, segments[0]?.[0] ?? text.length)) + 1);
  });
  return bytes;
}

/**
 * The source file a position of a minified chunk came from (0-based line and column, as V8's
 * profiles give them), read from the chunk's source map; undefined where nothing is mapped.
 */
export function sourceLookup(jsPath: string): (line: number, column: number) => string | undefined {
  const map = JSON.parse(readFileSync(`${jsPath}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const state = { source: 0 };
  const lines = map.mappings.split(';').map((line) => decodeLine(line, state));
  return (line, column) => {
    let found: number | undefined;
    for (const [start, source] of lines[line] ?? []) {
      if (start > column) break;
      found = source;
    }
    return found === undefined ? undefined : map.sources[found];
  };
}
