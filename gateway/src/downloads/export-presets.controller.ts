import { Controller } from '@nestjs/common';
import { EXPORT_PRESETS } from '@printloom/contracts';
import { RouteEndpoint } from '../routes/route-endpoint.decorator.js';

/** The product canvases an asset can be exported for; the contracts are their one source. */
@Controller()
export class ExportPresetsController {
  @RouteEndpoint('listExportPresets')
  list() {
    return { presets: EXPORT_PRESETS };
  }
}
