import { Controller, Get } from '@nestjs/common';
import { EXPORT_PRESETS } from '@printloom/contracts';

/** The product canvases an asset can be exported for; the contracts are their one source. */
@Controller()
export class ExportPresetsController {
  @Get('/api/export-presets')
  list() {
    return { presets: EXPORT_PRESETS };
  }
}
