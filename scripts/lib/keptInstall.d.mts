/** What decides the installed tree: the lockfile, every manifest, .npmrc, and Node's ABI and platform. */
export function installFingerprint(root: string): string;
/** Links the machine's kept tree for this checkout's lockfile into `root/node_modules` (absent); false when none is kept. */
export function linkKeptInstall(root: string, cacheDir: string): boolean;
/** Keeps `root/node_modules`, just installed from nothing, for the next clone of the same lockfile; false when one was kept already. */
export function keepInstall(root: string, cacheDir: string): boolean;
/** Hard-links the tree `from` to `to` (a fresh folder); false where the two are on different file systems or cp cannot. */
export function linkTree(from: string, to: string): boolean;
