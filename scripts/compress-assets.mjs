// Writes .br and .gz beside each built text asset; @fastify/static serves them to browsers that accept them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = 'dist/client';
const walk = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
for (const file of walk(root)) {
  if (!/\.(js|css|svg|html|json)$/.test(file)) continue;
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
}
