// Types of chromium.mjs for the TypeScript test that imports it.
import type { Browser } from 'playwright-core';

export const CHROMIUM_PATH: string;
export function launchChromium(): Promise<Browser>;
