import { Module } from '@nestjs/common';
import { BatchController } from './batch.controller';
import { BatchService } from './batch.service';
import { MeController, WorkspaceHomeController } from './workspace.controller';
import { WorkspaceRepository } from './workspace.repository';
import { WorkspaceService } from './workspace.service';

/** The signed-in user's schools and preferences; a school's workspace home; several GET answers in one request. */
@Module({ controllers: [MeController, WorkspaceHomeController, BatchController], providers: [WorkspaceRepository, WorkspaceService, BatchService] })
export class WorkspaceModule {}
