import { Module } from '@nestjs/common';
import { AttendanceModule } from '../attendance/attendance.module';
import { FeesModule } from '../fees/fees.module';
import { MembersModule } from '../members/members.module';
import { StudentsModule } from '../students/students.module';
import { CertificatesController, PublicCertificatesController, PublicTransferListController } from './certificates.controller';
import { CertificatesRepository } from './certificates.repository';
import { CertificatesService } from './certificates.service';
import { AcademicsModule } from '../academics/academics.module';

/** Transfer, bonafide and character certificates, their register, the public check, ID cards (DECISIONS "Certificates"; issue 30). */
@Module({
  imports: [AcademicsModule, AttendanceModule, FeesModule, MembersModule, StudentsModule],
  controllers: [CertificatesController, PublicCertificatesController, PublicTransferListController],
  providers: [CertificatesRepository, CertificatesService],
  exports: [CertificatesService],
})
export class CertificatesModule {}
