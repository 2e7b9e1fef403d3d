// Local stand-ins for deploy/Containerfile's base images (node:20-bookworm to build,
// node:20-bookworm-slim to run), for a machine that cannot pull them: on this one
// registry-1.docker.io does not resolve. Each is Debian bookworm from Debian's own mirror
// (debootstrap), with this machine's Node.js laid out as the official node images lay
// theirs: /usr/local/bin/node, npm in /usr/local/lib/node_modules, the headers in
// /usr/local/include/node, and a `node` user with uid 1000. The build image adds python3,
// make and g++, which the official full image has and the slim one has not.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';

const run = (command, args, options = {}) =>
  execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20, ...options });
const quietly = (command, args) => {
  try {
    run(command, args);
    return true;
  } catch {
    return false;
  }
};

/** The `FROM` images of a Containerfile, in order. */
export function baseImagesOf(containerfile) {
  return [...containerfile.matchAll(/^FROM\s+(\S+)/gim)].map((match) => match[1]);
}

/**
 * Makes sure each base image is in podman's store: already there, pulled, or (when the pull
 * fails) made here as a stand-in. Returns what was done for each, for the test's log.
 */
export async function ensureBaseImages(images) {
  const done = [];
  const missing = images.filter((image) => !quietly('podman', ['image', 'exists', image]));
  for (const image of images.filter((i) => !missing.includes(i))) done.push(`${image}: in the store`);
  const pullFailed = missing.filter(
    (image) => !quietly('podman', ['pull', '-q', `docker.io/library/${image}`]),
  );
  for (const image of missing.filter((i) => !pullFailed.includes(i))) done.push(`${image}: pulled`);
  if (pullFailed.length > 0) {
    await makeStandIns(pullFailed);
    for (const image of pullFailed) done.push(`${image}: cannot be pulled here; a local stand-in was made`);
  }
  return done;
}

async function makeStandIns(images) {
  const nodeMajor = process.versions.node.split('.')[0];
  for (const image of images) {
    const tag = /^node:(\d+)-bookworm(-slim)?$/.exec(image);
    if (!tag) throw new Error(`no stand-in known for ${image}`);
    if (tag[1] !== nodeMajor)
      throw new Error(`${image} wants Node ${tag[1]}; this machine has ${process.version}`);
  }
  if (!quietly('sh', ['-c', 'command -v debootstrap'])) {
    throw new Error('making the base images needs debootstrap (apt-get install debootstrap)');
  }
  const work = await mkdtemp('/var/tmp/shop-stand-in-');
  try {
    const slim = path.join(work, 'slim');
    run('debootstrap', ['--variant=minbase', 'bookworm', slim, 'http://deb.debian.org/debian']);
    addNode(slim);
    const full = path.join(work, 'full');
    run('cp', ['-a', slim, full]);
    cpSync('/etc/resolv.conf', path.join(full, 'etc/resolv.conf'));
    run('chroot', [
      full,
      'sh',
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3 make g++ && apt-get clean',
    ]);
    for (const image of images) {
      const root = image.endsWith('-slim') ? slim : full;
      const changes = ['CMD ["node"]'];
      // This machine's TLS to the npm registry passes a proxy signed by its own authority.
      if (process.env.NODE_EXTRA_CA_CERTS) {
        const bundle = process.env.NODE_EXTRA_CA_CERTS;
        mkdirSync(path.join(root, path.dirname(bundle)), { recursive: true });
        cpSync(bundle, path.join(root, bundle));
        changes.push(`ENV NODE_EXTRA_CA_CERTS=${bundle}`);
      }
      run('sh', [
        '-c',
        `tar -C "$0" -c . | podman import ${changes.map((c) => `--change '${c}'`).join(' ')} - "$1"`,
        root,
        `docker.io/library/${image}`,
      ]);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** This machine's node and npm, where the official images keep theirs, and their `node` user. */
function addNode(root) {
  const local = path.join(root, 'usr/local');
  cpSync(process.execPath, path.join(local, 'bin/node'));
  const npm = ['/usr/lib/node_modules/npm', '/usr/local/lib/node_modules/npm'].find((dir) => existsSync(dir));
  if (!npm) throw new Error('npm not found where Node.js installs it');
  cpSync(npm, path.join(local, 'lib/node_modules/npm'), { recursive: true, verbatimSymlinks: true });
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(local, 'bin/npm'));
  symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(local, 'bin/npx'));
  const headers = path.resolve(path.dirname(process.execPath), '../include/node');
  if (!existsSync(headers)) throw new Error(`Node.js headers not found at ${headers}`);
  cpSync(headers, path.join(local, 'include/node'), { recursive: true });
  run('chroot', [
    root,
    'sh',
    '-c',
    'groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home node',
  ]);
}

/**
 * A Debian bookworm image whose init is systemd, to run deploy/shop.service as a host
 * would (test:systemd); made here with debootstrap, as no registry image boots systemd.
 */
export async function ensureSystemdHostImage(image) {
  if (quietly('podman', ['image', 'exists', image])) return `${image}: in the store`;
  if (!quietly('sh', ['-c', 'command -v debootstrap'])) {
    throw new Error('making the systemd host image needs debootstrap (apt-get install debootstrap)');
  }
  const work = await mkdtemp('/var/tmp/shop-systemd-host-');
  try {
    run('debootstrap', [
      '--variant=minbase',
      '--include=systemd,systemd-sysv,dbus',
      'bookworm',
      work,
      'http://deb.debian.org/debian',
    ]);
    run('sh', ['-c', 'tar -C "$0" -c . | podman import - "$1"', work, image]);
    return `${image}: made here`;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
