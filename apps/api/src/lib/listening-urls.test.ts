import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { listeningUrls } from './logger.ts';

const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as os.NetworkInterfaceInfo;
const interfaces = {
  lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
  eth0: [nic('192.168.1.20', 'IPv4'), nic('fe80::1', 'IPv6'), nic('2001:db8::20', 'IPv6')],
  wlan0: [nic('10.0.0.7', 'IPv4')],
};

/** issue 34, point 12: the start line lists the addresses the server really listens on. */
describe('listening URLs', () => {
  it('when HOST is the default 0.0.0.0, then localhost and every IPv4 address of the machine are listed', () => {
    expect(listeningUrls('0.0.0.0', 3000, interfaces)).toEqual(['http://localhost:3000', 'http://192.168.1.20:3000', 'http://10.0.0.7:3000']);
  });

  it('when HOST is ::, then routable IPv6 addresses are listed too, in brackets', () => {
    expect(listeningUrls('::', 3000, interfaces)).toEqual([
      'http://localhost:3000',
      'http://192.168.1.20:3000',
      'http://[2001:db8::20]:3000',
      'http://10.0.0.7:3000',
    ]);
  });

  it('when HOST names one address, then that address alone is listed', () => {
    expect(listeningUrls('127.0.0.1', 8080, interfaces)).toEqual(['http://127.0.0.1:8080']);
  });
});
