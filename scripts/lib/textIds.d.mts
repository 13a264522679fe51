import type { Plugin } from 'vite';
export type TextFileKind = { kind: 'source' | 'catalogue'; english: string };
export interface TextIdEdit { start: number; end: number; text: string }
export function textFileKind(file: string): TextFileKind | undefined;
export function readEnglish(path: string): Record<string, string>;
export function textIdEdits(code: string, kind: TextFileKind['kind'], english: Record<string, string>, file: string, englishFile: string): TextIdEdit[];
export function englishSource(code: string, file: string): { code: string; map: { toString(): string; mappings: string }; english: string } | undefined;
export function textIds(): Plugin;
