import fs from 'node:fs';
import path from 'node:path';

/**
 * The installation's folder (the one holding package.json), found from this file's place: server/lib/ when run
 * from the sources, dist/server/ when run compiled, so paths such as dist/client are the same either way.
 */
export function appRoot(from: string = import.meta.dirname): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`No package.json above ${from}`);
    dir = up;
  }
  return dir;
}
