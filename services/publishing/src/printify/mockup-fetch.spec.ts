import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkMockupUrl, fetchMockup, isPrivateAddress, MockupRefused } from './mockup-fetch.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);

describe('Printify mockup downloads', () => {
  let server: Server;
  let host: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/ok.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.end(Buffer.alloc(5_000));
      }
      if (req.url === '/redirect') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const local = () => ({ allowedHosts: [host], allowPrivate: true, maxBytes: 1_000 });

  it('downloads a PNG from an allowed host', async () => {
    expect(await fetchMockup(`http://${host}/ok.png`, local())).toEqual({ contentType: 'image/png', bytes: PNG });
  });

  it('refuses other content types, bodies past the bound and redirects', async () => {
    await expect(fetchMockup(`http://${host}/page`, local())).rejects.toThrow('content type text/html refused');
    await expect(fetchMockup(`http://${host}/big`, local())).rejects.toThrow(/over 1000 bytes/);
    await expect(fetchMockup(`http://${host}/redirect`, local())).rejects.toThrow('answered 302');
  });

  it('refuses other protocols, other hosts and credentials before any request', async () => {
    const policy = { allowedHosts: ['images-api.printify.com'], allowPrivate: false, lookupAddresses: async () => ['93.184.216.34'] };
    await expect(checkMockupUrl('file:///etc/passwd', policy)).rejects.toThrow(MockupRefused);
    await expect(checkMockupUrl('ftp://images-api.printify.com/a.png', policy)).rejects.toThrow('protocol ftp: refused');
    await expect(checkMockupUrl('https://evil.example/a.png', policy)).rejects.toThrow('is not one Printify serves images from');
    await expect(checkMockupUrl('https://user:pw@images-api.printify.com/a.png', policy)).rejects.toThrow('credentials');
    await expect(checkMockupUrl('https://images-api.printify.com/mockup/a.jpg', policy)).resolves.toBeInstanceOf(URL);
  });

  it('refuses a private address outside the local shop, even for an allowed host', async () => {
    const rebound = { allowedHosts: ['images-api.printify.com', host], allowPrivate: false, lookupAddresses: async () => ['10.0.0.7'] };
    await expect(checkMockupUrl('https://images-api.printify.com/a.png', rebound)).rejects.toThrow('private address');
    await expect(fetchMockup(`http://${host}/ok.png`, rebound)).rejects.toThrow('private address');
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fd00::1', '::ffff:127.0.0.1'])
      expect(isPrivateAddress(address)).toBe(true);
    for (const address of ['93.184.216.34', '2606:4700::1111']) expect(isPrivateAddress(address)).toBe(false);
  });
});
