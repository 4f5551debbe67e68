import { Global, Module, type DynamicModule } from '@nestjs/common';
import { LOGGER, NATS_CONNECTION, RpcClient, type Logger, type NatsConnection } from '@printloom/service-kit';
import type { ObjectStorage } from '@printloom/storage';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { SessionService } from './session/session.service.js';
import { MeViewService } from './views/me-view.service.js';
import { LibraryViewService } from './views/library-view.service.js';
import { MeViewController } from './views/me-view.controller.js';
import { OBJECT_STORAGE } from './tokens.js';
import { HealthController } from './health/health.controller.js';
import { RpcForwarder } from './rpc/rpc-forwarder.service.js';
import { RPC_ROUTE_CONTROLLERS } from './rpc/rpc-route.controller.js';
import { DocsController } from './docs/docs.controller.js';
import { GoogleAuthModule } from './google/google.module.js';
import { DownloadsModule } from './downloads/downloads.module.js';
import { DescribeModule } from './describe/describe.module.js';
import { BatchesModule } from './batches/batches.module.js';
import { StripeWebhookModule } from './stripe-webhook/stripe-webhook.module.js';
import { AccountExportModule } from './account/account-export.module.js';
import { UnsubscribeModule } from './unsubscribe/unsubscribe.module.js';
import { PrintifyOauthModule } from './printify-oauth/printify-oauth.controller.js';
import { PublishingModule } from './publishing/publishing.module.js';

export interface GatewayInfra {
  config: GatewayConfig;
  nc: NatsConnection;
  rpc: RpcClient;
  logger: Logger;
  storage: ObjectStorage;
}

@Global()
@Module({})
class GatewayCoreModule {
  static forRoot(infra: GatewayInfra): DynamicModule {
    const providers = [
      { provide: GATEWAY_CONFIG, useValue: infra.config },
      { provide: NATS_CONNECTION, useValue: infra.nc },
      { provide: RpcClient, useValue: infra.rpc },
      { provide: LOGGER, useValue: infra.logger },
      { provide: OBJECT_STORAGE, useValue: infra.storage },
      SessionService,
      MeViewService,
      LibraryViewService,
    ];
    return {
      module: GatewayCoreModule,
      providers,
      exports: [GATEWAY_CONFIG, NATS_CONNECTION, RpcClient, LOGGER, OBJECT_STORAGE, SessionService, MeViewService, LibraryViewService],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(infra: GatewayInfra): DynamicModule {
    return {
      module: AppModule,
      // Feature modules with dedicated routes first: their literal paths (e.g. /api/download/zip) win over parameters.
      imports: [
        GatewayCoreModule.forRoot(infra),
        GoogleAuthModule,
        DownloadsModule,
        DescribeModule,
        BatchesModule,
        StripeWebhookModule,
        AccountExportModule,
        UnsubscribeModule,
        PrintifyOauthModule,
        PublishingModule,
      ],
      controllers: [HealthController, DocsController, MeViewController, ...RPC_ROUTE_CONTROLLERS],
      providers: [RpcForwarder],
    };
  }
}
