import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkMockupUrl, fetchMockup, isPrivateAddress, MockupRefused } from './mockup-fetch.js';
import { pinnedLookup } from './pinned-address.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
const PUBLIC = '93.184.216.34';

/** A fake resolver answering `answers` in turn (the last one from then on), counting the questions. */
function resolver(...answers: string[][]) {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    return answers[Math.min(asked.length, answers.length) - 1]!;
  };
  return { resolve, asked };
}

describe('Printify mockup downloads', () => {
  let server: Server;
  let host: string;
  let port: number;
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      if (req.url === '/ok.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.end(Buffer.alloc(5_000));
      }
      if (req.url === '/redirect') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      if (req.url === '/redirect-home') return res.writeHead(302, { location: `http://127.0.0.1:${port}/metadata` }).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    host = `127.0.0.1:${port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const local = () => ({ allowedHosts: [host], allowPrivate: true, maxBytes: 1_000 });

  it('downloads a PNG from an allowed host', async () => {
    expect(await fetchMockup(`http://${host}/ok.png`, local())).toEqual({ contentType: 'image/png', bytes: PNG });
  });

  it('refuses other content types, bodies past the bound and redirects, never following one', async () => {
    await expect(fetchMockup(`http://${host}/page`, local())).rejects.toThrow('content type text/html refused');
    await expect(fetchMockup(`http://${host}/big`, local())).rejects.toThrow(/over 1000 bytes/);
    await expect(fetchMockup(`http://${host}/redirect`, local())).rejects.toThrow('answered 302');
    await expect(fetchMockup(`http://${host}/redirect-home`, local())).rejects.toThrow('answered 302');
    expect(seen.filter((request) => request.url === '/metadata')).toHaveLength(0);
  });

  it('refuses other protocols, other hosts and credentials before any request', async () => {
    const policy = { allowedHosts: ['images-api.printify.com'], allowPrivate: false, resolve: resolver([PUBLIC]).resolve };
    await expect(checkMockupUrl('file:///etc/passwd', policy)).rejects.toThrow(MockupRefused);
    await expect(checkMockupUrl('ftp://images-api.printify.com/a.png', policy)).rejects.toThrow('protocol ftp: refused');
    await expect(checkMockupUrl('https://evil.example/a.png', policy)).rejects.toThrow('is not one Printify serves images from');
    await expect(checkMockupUrl('https://user:pw@images-api.printify.com/a.png', policy)).rejects.toThrow('credentials');
  });

  it('allows a name that resolves to public addresses only, and pins the first one', async () => {
    const { resolve, asked } = resolver([PUBLIC, '2606:4700::1111']);
    const checked = await checkMockupUrl('https://images-api.printify.com/mockup/a.jpg', {
      allowedHosts: ['images-api.printify.com'],
      allowPrivate: false,
      resolve,
    });
    expect(checked).toEqual({ url: new URL('https://images-api.printify.com/mockup/a.jpg'), address: PUBLIC });
    expect(asked).toEqual(['images-api.printify.com']);
  });

  it('refuses a name with any private answer outside the local shop, before any request', async () => {
    const before = seen.length;
    for (const answer of [
      ['127.0.0.1'],
      ['10.0.0.7'],
      ['169.254.169.254'],
      ['::1'],
      ['fd00::1'],
      ['::ffff:127.0.0.1'],
      [PUBLIC, '10.0.0.7'],
    ]) {
      const policy = { allowedHosts: [`mockups.test:${port}`], allowPrivate: false, resolve: resolver(answer).resolve };
      await expect(fetchMockup(`http://mockups.test:${port}/ok.png`, policy)).rejects.toThrow('resolves to a private address');
    }
    const literal = { allowedHosts: [host], allowPrivate: false };
    await expect(fetchMockup(`http://${host}/ok.png`, literal)).rejects.toThrow('private address');
    expect(seen.length).toBe(before);
  });

  it('connects to the address it checked: a second answer of the name (a rebinding) is never asked for', async () => {
    // The name exists only in the fake resolver: the download reaches the server only through the checked address.
    const { resolve, asked } = resolver(['127.0.0.1'], ['10.255.255.1']);
    const policy = { allowedHosts: [`mockups.test:${port}`], allowPrivate: true, maxBytes: 1_000, resolve };
    expect(await fetchMockup(`http://mockups.test:${port}/ok.png`, policy)).toEqual({ contentType: 'image/png', bytes: PNG });
    expect(asked).toEqual(['mockups.test']);
    expect(seen.at(-1)).toMatchObject({ url: '/ok.png', headers: { host: `mockups.test:${port}` } });
  });

  it("answers a socket's lookup with the pinned address whatever it asks", () => {
    const lookup = pinnedLookup(PUBLIC);
    const answers: unknown[] = [];
    lookup('rebound.example', { all: true }, (error, addresses) => answers.push([error, addresses]));
    lookup('rebound.example', {}, (error, address, family) => answers.push([error, address, family]));
    expect(answers).toEqual([
      [null, [{ address: PUBLIC, family: 4 }]],
      [null, PUBLIC, 4],
    ]);
    expect(() => pinnedLookup('rebound.example')).toThrow('not an IP address');
  });

  it('counts loopback, private, link-local, unique-local, unspecified, NAT64 and mapped addresses as private', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '::',
      '::1',
      'fd00::1',
      'fe80::1',
      '64:ff9b::a00:1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:8.8.8.8',
      'not-an-address',
    ])
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    for (const address of [PUBLIC, '8.8.8.8', '2606:4700::1111', '2a00:1450:4001::1'])
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
  });
});
