import { Controller } from '@nestjs/common';
import { ASSETS, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { CollectionSelection } from './collection-selection.service.js';

@Controller()
export class SelectionController {
  constructor(private readonly selection: CollectionSelection) {}

  @RpcHandler(ASSETS.resolveSelection)
  resolve(request: RpcRequest<typeof ASSETS.resolveSelection>) {
    return this.selection.resolve(request);
  }
}
