/** Types of layout.mjs (the layout's arrows, read by eslint.config.js and tests/unit/import-cycles.test.ts). */
export function layerOf(file: string): string | null;
export const LAYERS: Record<string, readonly string[]>;
export const MODULES: Record<string, readonly string[]>;
export function moduleOf(file: string): string | null;
export const FEATURES: Record<string, readonly string[]>;
export function featureOf(file: string): string | null;
export const FEATURE_FACES: Record<string, readonly string[]>;
export function importProblem(from: string, to: string, typeOnly?: boolean): string | null;
