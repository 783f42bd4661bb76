import type { AnswerKeysTable, VersionQuestionsTable } from './tables/answer-keys.table';
import type { ClientSettingsTable } from './tables/client-settings.table';
import type { ClientsTable } from './tables/clients.table';
import type { RubricItemsTable, WrittenGradeItemsTable, WrittenGradesTable, WrittenRubricsTable } from './tables/grading.table';
import type {
  DocumentOptionsTable,
  DocumentPagesTable,
  DocumentsTable,
  PrintLogsTable,
  SharesTable,
} from './tables/documents.table';
import type { PrintTicketClassesTable, PrintTicketsTable } from './tables/print-tickets.table';
import type { MenuItemsTable } from './tables/menu-items.table';
import type {
  ClientDefaultPermissionsTable,
  ClientPermissionsTable,
  PermissionGroupsTable,
  PermissionsTable,
  UserPermissionsTable,
} from './tables/permissions.table';
import type { ScanAttendanceTable, ScanBatchPartsTable, ScanBatchesTable, ScanCorrectionsTable, ScanPagesTable } from './tables/scan.table';
import type { SessionsTable } from './tables/sessions.table';
import type { StudentsTable } from './tables/students.table';
import type { UsersTable } from './tables/users.table';

export interface Database {
  clients: ClientsTable;
  users: UsersTable;
  sessions: SessionsTable;
  permission_groups: PermissionGroupsTable;
  permissions: PermissionsTable;
  client_permissions: ClientPermissionsTable;
  client_default_permissions: ClientDefaultPermissionsTable;
  user_permissions: UserPermissionsTable;
  menu_items: MenuItemsTable;
  documents: DocumentsTable;
  document_pages: DocumentPagesTable;
  document_options: DocumentOptionsTable;
  shares: SharesTable;
  print_logs: PrintLogsTable;
  print_tickets: PrintTicketsTable;
  print_ticket_classes: PrintTicketClassesTable;
  students: StudentsTable;
  client_settings: ClientSettingsTable;
  scan_batches: ScanBatchesTable;
  scan_batch_parts: ScanBatchPartsTable;
  scan_pages: ScanPagesTable;
  scan_corrections: ScanCorrectionsTable;
  scan_attendance: ScanAttendanceTable;
  answer_keys: AnswerKeysTable;
  version_questions: VersionQuestionsTable;
  written_rubrics: WrittenRubricsTable;
  rubric_items: RubricItemsTable;
  written_grades: WrittenGradesTable;
  written_grade_items: WrittenGradeItemsTable;
}
