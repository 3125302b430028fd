// Debian's chromium as the lab's test and benchmark start it through playwright-core, which
// downloads no browser of its own here: its path (CHROMIUM_PATH, else /usr/bin/chromium)
// and the flags that keep a headless root session from reaching for the network (updates,
// sync, QUIC), which a closed machine refuses many times a second.
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A headless chromium with those flags. */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
}
