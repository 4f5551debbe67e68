import { Injectable } from '@nestjs/common';
import { AppError, CHECKLIST_MESSAGES, type ConnectionChecklistItem, type ConnectionState } from '@printloom/contracts';
import { ConnectionRepository } from '../repositories/connection.repository.js';
import { PublishingService } from '../publishing.service.js';
import { checklistOf } from './checklist-of.js';

/** A connection's one-time checklist (issue 40): what the seller sets up outside Printloom, ticked once. */
@Injectable()
export class ConnectionChecklist {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly publishing: PublishingService,
  ) {}

  /**
   * Ticks an item that applies to the connection's shop and answers the connection's state: 404
   * without a connection, 422 for an item of another sales channel.
   */
  async tick(userId: string, item: ConnectionChecklistItem): Promise<ConnectionState> {
    const connection = await this.connections.find(userId);
    if (!connection) throw new AppError('NOT_FOUND', CHECKLIST_MESSAGES.notConnected);
    if (!checklistOf(connection).some((each) => each.item === item)) throw new AppError('UNPROCESSABLE', CHECKLIST_MESSAGES.notForThisShop);
    await this.connections.tickChecklist(userId, item);
    return this.publishing.state(userId);
  }
}
