import { Module } from '@nestjs/common';
import { MeController, WorkspaceHomeController } from './workspace.controller';
import { WorkspaceRepository } from './workspace.repository';
import { WorkspaceService } from './workspace.service';

/** The signed-in user's schools and preferences; a school's workspace home. */
@Module({ controllers: [MeController, WorkspaceHomeController], providers: [WorkspaceRepository, WorkspaceService] })
export class WorkspaceModule {}
