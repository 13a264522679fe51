import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { APP_IDS, APPS, type AppId } from './apps.ts';

/** `--apps a,b`: pages built from the workspace (bare React, Cairn's); an anchor's page is refused. */
export function workspaceApps(list: string): AppId[] {
  return list.split(',').map((id) => {
    if (!(APP_IDS as readonly string[]).includes(id) || APPS[id as AppId].anchor) throw new Error(`--apps: "${id}" is not a page built from the workspace`);
    return id as AppId;
  });
}

/**
 * `--builds label=dir,...`: builds kept from before a change (e.g. a copy of
 * bench/results/build/cairn), loaded in the same rounds as the apps so a change is judged side by side.
 */
export function keptBuilds(list: string): { label: string; dir: string }[] {
  return list
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [label, dir] = entry.split('=');
      if (!label || !dir || !existsSync(resolve(dir, 'index.html'))) throw new Error(`--builds: "${entry}" is not label=a page build's folder`);
      return { label, dir: resolve(dir) };
    });
}
