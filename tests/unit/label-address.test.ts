import { describe, expect, it } from 'vitest';
import { unreachableReason } from '../../core/common/labels';

/** The print dialog warns when the labels' QR codes would hold an address a phone cannot open (APP_URL unset or local). */
describe('the address a label holds', () => {
  it('is one a phone cannot open when it is loopback, link-local, a local-only name or a bare machine name', () => {
    for (const origin of [
      'http://localhost:3000',
      'http://gso.localhost',
      'http://127.0.0.1:3000',
      'http://127.1.2.3',
      'http://[::1]:3000',
      'http://0.0.0.0:3000',
      'http://169.254.10.1',
      'http://gso-server.local',
      'http://gso.internal',
      'http://gsoserver:8080',
    ])
      expect(unreachableReason(origin), origin).not.toBeNull();
  });

  it('is fine for a campus name or an address of the network', () => {
    for (const origin of ['https://gso.campus.edu', 'http://192.168.1.20:3000', 'http://10.0.0.5', 'https://gso.example.ph'])
      expect(unreachableReason(origin), origin).toBeNull();
  });
});
