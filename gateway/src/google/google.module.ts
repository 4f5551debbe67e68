import { Controller, Get, Module } from '@nestjs/common';
import { AppError } from '@printloom/contracts';

// Placeholder until this feature lands: the route exists and says so.
@Controller()
class GoogleAuthController {
  @Get(['/api/auth/google','/api/auth/google/callback'])
  notYet() {
    throw new AppError('NOT_IMPLEMENTED', 'Not implemented yet');
  }
}

@Module({ controllers: [GoogleAuthController] })
export class GoogleAuthModule {}
