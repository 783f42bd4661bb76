import type { ClientRow } from '../../data/db/tables/clients.table';
import { AppError } from '../errors/app-error';

/** Schools are in Taiwan: a licence date turns over at midnight Taipei time, not UTC. */
export function schoolToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(now);
}

type Licence = Pick<ClientRow, 'status' | 'start_at' | 'expiry_at'>;

/** Throws the 403 a disabled school, or one outside its licence window, gets for anything it tries. */
export function assertSchoolActive(school: Licence, today: string = schoolToday()): void {
  if (school.status !== 'normal') throw new AppError('FORBIDDEN', 'auth.schoolDisabled');
  if (school.start_at && today < school.start_at) {
    throw new AppError('FORBIDDEN', 'auth.schoolNotStarted', { date: school.start_at });
  }
  if (school.expiry_at && today > school.expiry_at) {
    throw new AppError('FORBIDDEN', 'auth.schoolExpired', { date: school.expiry_at });
  }
}
