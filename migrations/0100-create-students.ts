import { sql, type Kysely } from 'kysely';

// Seats and student numbers are unique within a school; the seat key also serves grade/class paging.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('students')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('restrict'))
    .addColumn('grade', 'smallint', (c) => c.notNull())
    .addColumn('class', 'smallint', (c) => c.notNull())
    .addColumn('seat', 'smallint', (c) => c.notNull())
    .addColumn('number', 'varchar(30)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addUniqueConstraint('students_seat_unique', ['client_id', 'grade', 'class', 'seat'])
    .addUniqueConstraint('students_number_unique', ['client_id', 'number'])
    .modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('students').execute();
}
