import { Module } from '@nestjs/common';
import { DescribeController } from './describe.controller.js';

@Module({ controllers: [DescribeController] })
export class DescribeModule {}
