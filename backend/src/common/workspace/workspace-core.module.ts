import { Global, Module } from '@nestjs/common';
import { AccessService } from './access.service';
import { SchoolWrites } from './school-writes';
import { WorkspaceGuard } from './workspace.guard';

/** The workspace's tenancy machinery, available to every module: the guard, the access checks, audited writes. */
@Global()
@Module({ providers: [WorkspaceGuard, AccessService, SchoolWrites], exports: [WorkspaceGuard, AccessService, SchoolWrites] })
export class WorkspaceCoreModule {}
