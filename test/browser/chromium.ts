import { chromium, type Browser } from 'playwright-core';

// Debian's chromium by default; scripts/ensure-chromium.mjs installs it or explains how.
export function chromiumPath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox', // CI runs as root, where Chromium's sandbox cannot start
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
