import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ZodValidationPipe } from 'nestjs-zod';
import type { Logger } from 'pino';
import { AuthGuard } from './common/auth/auth.guard';
import { Clock } from './common/clock';
import { CoreModule } from './common/core.module';
import { EnvelopeFilter } from './common/envelope.filter';
import type { AppConfig } from './config/app-config';
import { dataSourceOptions } from './database/data-source';
import { SchoolBoundDataSource } from './database/school-bound';
import { currentSchoolId } from './common/request-context';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { AuthModule } from './modules/auth/auth.module';
import { HealthModule } from './modules/health/health.module';
import { MailModule } from './modules/mail/mail.module';
import { AcademicsModule } from './modules/academics/academics.module';
import { ApprovalsModule } from './modules/approvals/approvals.module';
import { ContactModule } from './modules/contact/contact.module';
import { PublicModule } from './modules/public/public.module';
import { SchoolsModule } from './modules/schools/schools.module';
import { WorkspaceCoreModule } from './common/workspace/workspace-core.module';
import { WorkspaceModule } from './modules/workspace/workspace.module';
import { MembersModule } from './modules/members/members.module';
import { AcademicYearsModule } from './modules/academic-years/academic-years.module';
import { AuditModule } from './modules/audit/audit.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { CalendarModule } from './modules/calendar/calendar.module';
import { StaffModule } from './modules/staff/staff.module';
import { TimetableModule } from './modules/timetable/timetable.module';
import { StudentsModule } from './modules/students/students.module';
import { AttendanceModule } from './modules/attendance/attendance.module';
import { FeesModule } from './modules/fees/fees.module';
import { OnlinePaymentsModule } from './modules/online-payments/online-payments.module';
import { ExamsModule } from './modules/exams/exams.module';
import { GuardiansModule } from './modules/guardians/guardians.module';
import { NoticesModule } from './modules/notices/notices.module';
import { InsightsModule } from './modules/insights/insights.module';
import { CertificatesModule } from './modules/certificates/certificates.module';
import { MessagingModule } from './modules/messaging/messaging.module';
import { PromotionsModule } from './modules/promotions/promotions.module';

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  logger: Logger;
  clock?: Clock;
}

/** The domain modules, one per area of the product. */
export const DOMAIN_MODULES = [
  HealthModule,
  MailModule,
  AuthModule,
  SchoolsModule,
  AcademicsModule,
  ApprovalsModule,
  ContactModule,
  PublicModule,
  WorkspaceCoreModule,
  WorkspaceModule,
  MembersModule,
  AcademicYearsModule,
  AuditModule,
  JobsModule,
  CalendarModule,
  StaffModule,
  TimetableModule,
  StudentsModule,
  AttendanceModule,
  FeesModule,
  OnlinePaymentsModule,
  ExamsModule,
  GuardiansModule,
  NoticesModule,
  InsightsModule,
  CertificatesModule,
  MessagingModule,
  PromotionsModule,
];

@Module({})
export class AppModule {
  static forRoot(opts: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(opts.config, opts.logger, opts.clock),
        // Every statement of a request (or job) bound to a school runs in that school's
        // row-level-security context (database/school-bound.ts, common/request-context.ts).
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ ...dataSourceOptions(opts.databaseUrl, opts.config.databasePoolSize), migrations: [] }),
          dataSourceFactory: (options) => new SchoolBoundDataSource(options!, currentSchoolId).initialize(),
        }),
        RateLimitModule,
        ...DOMAIN_MODULES,
      ],
      providers: [
        { provide: APP_PIPE, useClass: ZodValidationPipe },
        { provide: APP_FILTER, useClass: EnvelopeFilter },
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
    };
  }
}
