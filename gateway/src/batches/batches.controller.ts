import { TextDecoder } from 'node:util';
import { Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError, BATCH_MESSAGES, GENERATION, UPLOADS, createBatchBody, type RpcRequestInput } from '@printloom/contracts';
import { RpcClient } from '@printloom/service-kit';
import type { SignedInUser } from '../session/session.service.js';
import { requestIdOf } from '../http/request.js';
import { receiveOneFile } from '../http/one-file-upload.js';
import { validateInput } from '../http/validate.js';
import { RouteEndpoint, SignedIn } from '../routes/route-endpoint.decorator.js';

/** UTF-8 only (a BOM is fine: generation's parser drops it); anything else is refused here, before NATS. */
function csvText(file: Express.Multer.File): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(file.buffer);
  } catch {
    throw new AppError('BAD_REQUEST', BATCH_MESSAGES.csvUnreadable);
  }
}

/**
 * Starts a batch from either body the row accepts: JSON (template and values) or a CSV upload. The CSV
 * is small text (LIMITS.batchCsvMaxBytes) and is parsed by generation, by the rules of a row in the contracts (batch-csv.ts).
 */
@Controller()
export class BatchesController {
  constructor(private readonly rpc: RpcClient) {}

  @RouteEndpoint('createBatch')
  async create(@SignedIn() { userId }: SignedInUser, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    let request: RpcRequestInput<typeof GENERATION.createBatch>;
    if (req.is('multipart/form-data')) {
      const file = await receiveOneFile(req, res, UPLOADS.batchCsv);
      if (!file) throw new AppError('BAD_REQUEST', BATCH_MESSAGES.csvRequired);
      request = { source: 'csv', userId, csv: csvText(file) };
    } else if (req.is('application/json')) {
      request = { source: 'template', userId, ...validateInput(createBatchBody, req.body) };
    } else {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send JSON { template, values, options } or a CSV as multipart/form-data in the field "file".',
      );
    }
    // A CSV within the file limit can still exceed a NATS message once encoded (escapes take up to 6 bytes).
    const tooLargeMessage = request.source === 'csv' ? BATCH_MESSAGES.csvTooLargeToSend : undefined;
    return this.rpc.request(GENERATION.createBatch, request, { requestId: requestIdOf(req), tooLargeMessage });
  }
}
