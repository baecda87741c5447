import { Module } from '@nestjs/common';
import { SchoolsModule } from '../schools/schools.module';
import { PublicSchoolsController } from './public-schools.controller';
import { PublicSchoolsService } from './public-schools.service';

@Module({ imports: [SchoolsModule], controllers: [PublicSchoolsController], providers: [PublicSchoolsService] })
export class PublicModule {}
