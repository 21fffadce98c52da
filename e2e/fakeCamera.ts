import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import config from '../playwright.config';

/**
 * Chromium's fake camera showing a label (docs/decisions/labels-and-scanning.md): a Y4M video (4:2:0, grey) of the
 * QR code of `text` on white, the frames all alike, and the launch options that make it the page's camera.
 */
export function fakeCameraShowing(text: string, name: string) {
  const W = 640;
  const H = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = Math.floor((H - 80) / n);
  const x0 = Math.floor((W - n * cell) / 2);
  const y0 = Math.floor((H - n * cell) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c))
        for (let dy = 0; dy < cell; dy++)
          y.fill(16, (y0 + r * cell + dy) * W + x0 + c * cell, (y0 + r * cell + dy) * W + x0 + (c + 1) * cell);
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const file = path.join(os.tmpdir(), `gso-${name}-${process.pid}.y4m`);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]));
  const launch = config.use?.launchOptions ?? {};
  return {
    launchOptions: {
      ...launch,
      args: [
        ...(launch.args ?? []),
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${file}`,
      ],
    },
  };
}
