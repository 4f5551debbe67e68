import { Controller } from '@nestjs/common';
import { LISTINGS, type RpcRequest } from '@printloom/contracts';
import { RpcHandler } from '@printloom/service-kit';
import { ListingsService } from './listings.service.js';

@Controller()
export class ListingsController {
  constructor(private readonly listings: ListingsService) {}

  @RpcHandler(LISTINGS.write)
  write(request: RpcRequest<typeof LISTINGS.write>) {
    return this.listings.write(request);
  }

  @RpcHandler(LISTINGS.get)
  get(request: RpcRequest<typeof LISTINGS.get>) {
    return this.listings.get(request);
  }

  @RpcHandler(LISTINGS.edit)
  edit(request: RpcRequest<typeof LISTINGS.edit>) {
    return this.listings.edit(request);
  }

  @RpcHandler(LISTINGS.getSellerProfile)
  getSellerProfile(request: RpcRequest<typeof LISTINGS.getSellerProfile>) {
    return this.listings.sellerProfile(request.userId);
  }

  @RpcHandler(LISTINGS.putSellerProfile)
  putSellerProfile(request: RpcRequest<typeof LISTINGS.putSellerProfile>) {
    return this.listings.saveSellerProfile(request);
  }

  @RpcHandler(LISTINGS.riskCheck)
  async riskCheck(request: RpcRequest<typeof LISTINGS.riskCheck>) {
    return { risks: await this.listings.riskCheck(request.text, request.userId) };
  }

  @RpcHandler(LISTINGS.kitListings)
  kitListings(request: RpcRequest<typeof LISTINGS.kitListings>) {
    return this.listings.kitListings(request);
  }

  @RpcHandler(LISTINGS.listDenylist)
  listDenylist(request: RpcRequest<typeof LISTINGS.listDenylist>) {
    return this.listings.listDenylist(request.userId);
  }

  @RpcHandler(LISTINGS.addDenylistEntry)
  addDenylistEntry(request: RpcRequest<typeof LISTINGS.addDenylistEntry>) {
    return this.listings.addDenylistEntry(request);
  }

  @RpcHandler(LISTINGS.deleteDenylistEntry)
  deleteDenylistEntry(request: RpcRequest<typeof LISTINGS.deleteDenylistEntry>) {
    return this.listings.deleteDenylistEntry(request);
  }

  @RpcHandler(LISTINGS.exportData)
  exportData(request: RpcRequest<typeof LISTINGS.exportData>) {
    return this.listings.exportData(request.userId);
  }
}
