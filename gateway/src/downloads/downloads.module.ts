import { Controller, Get, Module } from '@nestjs/common';
import { AppError } from '@printloom/contracts';

// Placeholder until this feature lands: the route exists and says so.
@Controller()
class DownloadsController {
  @Get(['/api/download/zip', '/api/download/:id'])
  notYet() {
    throw new AppError('NOT_IMPLEMENTED', 'Not implemented yet');
  }
}

@Module({ controllers: [DownloadsController] })
export class DownloadsModule {}
