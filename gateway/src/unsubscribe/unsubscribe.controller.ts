import { Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  AppError,
  ASSETS,
  UNSUBSCRIBE_PAGE,
  oneClickUnsubscribeBody,
  openUnsubscribePageQuery,
  unsubscribeRemindersQuery,
} from '@printloom/contracts';
import { RpcClient } from '@printloom/service-kit';
import { RouteEndpoint } from '../routes/route-endpoint.decorator.js';
import { validateInput } from '../http/validate.js';
import { requestIdOf } from '../http/request.js';
import { readFormFields } from './form-body.js';

/**
 * Unsubscribing from the reminder mail changes state only on POST: the mail's link opens the app's
 * confirmation page (whose button posts the `unsubscribeReminders` row), and mail providers post the
 * one-click URL of its List-Unsubscribe header (RFC 8058). Link scanners, which only GET, change nothing.
 */
@Controller()
export class UnsubscribeController {
  constructor(private readonly rpc: RpcClient) {}

  /** The provider's POST: no session, no same-origin check (like Stripe's webhook), the token in the URL is the proof. */
  @RouteEndpoint('unsubscribeRemindersOneClick')
  async oneClick(@Req() req: Request) {
    const { token } = validateInput(unsubscribeRemindersQuery, req.query);
    validateInput(oneClickUnsubscribeBody, await readFormFields(req));
    return this.rpc.request(ASSETS.unsubscribeReminders, { token }, { requestId: requestIdOf(req) });
  }

  /** Links in reminders mailed before the confirmation page existed: they lead there and change nothing. */
  @RouteEndpoint('openUnsubscribePage')
  openPage(@Req() req: Request, @Res() res: Response) {
    const { token } = validateInput(openUnsubscribePageQuery, req.query);
    if (token === undefined) throw new AppError('BAD_REQUEST', 'This unsubscribe link is not valid.');
    res.redirect(302, `${UNSUBSCRIBE_PAGE}?${new URLSearchParams({ token }).toString()}`);
  }
}
