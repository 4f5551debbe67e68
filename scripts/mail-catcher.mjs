#!/usr/bin/env node
// make dev's mail catcher (MailDev) as a process of its own: its import costs about 2 s of CPU, which
// scripts/dev.mjs spends after the seller's first answers, without blocking its own event loop.
// MAIL_SMTP_PORT (default 1025), MAIL_WEB_PORT (default 1080); both on 127.0.0.1 only.
import { MailDev } from 'maildev';

const smtp = Number(process.env.MAIL_SMTP_PORT ?? 1025);
const web = Number(process.env.MAIL_WEB_PORT ?? 1080);
const maildev = new MailDev({ smtp, web, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true });
await maildev.start();
process.stdout.write(`mail catcher: SMTP 127.0.0.1:${smtp}, inbox http://127.0.0.1:${web}\n`);
const stop = async () => {
  await maildev.stop().catch(() => undefined);
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
