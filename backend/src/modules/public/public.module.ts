import { Module } from '@nestjs/common';
import { PublicSchoolsController } from './public-schools.controller';
import { PublicSchoolsService } from './public-schools.service';

@Module({ controllers: [PublicSchoolsController], providers: [PublicSchoolsService] })
export class PublicModule {}
