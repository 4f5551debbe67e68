import { Controller, Post, Module } from '@nestjs/common';
import { AppError } from '@printloom/contracts';

// Placeholder until this feature lands: the route exists and says so.
@Controller()
class DescribeController {
  @Post(['/api/describe'])
  notYet() {
    throw new AppError('NOT_IMPLEMENTED', 'Not implemented yet');
  }
}

@Module({ controllers: [DescribeController] })
export class DescribeModule {}
