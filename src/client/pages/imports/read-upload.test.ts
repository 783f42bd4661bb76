import { describe, expect, it } from 'vitest';
import { rowProblems, uploadProblem } from './read-upload';

const fileOf = (name: string, size: number) => ({ name, size }) as File;

describe('import upload checks', () => {
  it('asks for a file, refuses more than 2,000,000 bytes and other types', () => {
    expect(uploadProblem(undefined)).toBe('import.noFile');
    expect(uploadProblem(fileOf('a.xlsx', 2_000_001))).toBe('import.tooLarge');
    expect(uploadProblem(fileOf('a.xlsx', 2_000_000))).toBeNull();
    expect(uploadProblem(fileOf('a.pdf', 10))).toBe('import.badType');
    expect(uploadProblem(fileOf('A.XLS', 10))).toBeNull();
  });

  it('turns the server report into rows sorted by line', () => {
    expect(rowProblems({ 'r12.seat': '座號重複', 'r3.name': '未填寫' })).toEqual([
      { key: 'r3.name', line: 3, column: 'name', message: '未填寫' },
      { key: 'r12.seat', line: 12, column: 'seat', message: '座號重複' },
    ]);
  });
});
