import { Module } from '@nestjs/common';
import { GoogleAuthController } from './google-auth.controller.js';

@Module({ controllers: [GoogleAuthController] })
export class GoogleAuthModule {}
