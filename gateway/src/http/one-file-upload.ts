import type { Request, Response } from 'express';
import multer from 'multer';
import { AppError, MALFORMED_UPLOAD, type UploadRule } from '@printloom/contracts';

const receivers = new Map<UploadRule, ReturnType<multer.Multer['single']>>();

function receiverOf(rule: UploadRule) {
  let receiver = receivers.get(rule);
  if (!receiver) {
    receiver = multer({ storage: multer.memoryStorage(), limits: { fileSize: rule.maxBytes, files: 1, fields: 5 } }).single(rule.field);
    receivers.set(rule, receiver);
  }
  return receiver;
}

/**
 * The one multipart upload the gateway takes: one file in the rule's field, held in memory within its
 * byte limit (from the contracts), refused with the rule's words. Undefined when the form has no file.
 */
export function receiveOneFile(req: Request, res: Response, rule: UploadRule): Promise<Express.Multer.File | undefined> {
  return new Promise((resolve, reject) =>
    receiverOf(rule)(req, res, (error: unknown) => {
      if (!error) return resolve(req.file);
      const code = (error as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return reject(new AppError('PAYLOAD_TOO_LARGE', rule.tooLarge));
      if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') return reject(new AppError('BAD_REQUEST', rule.oneFileOnly));
      reject(new AppError('BAD_REQUEST', MALFORMED_UPLOAD));
    }),
  );
}
