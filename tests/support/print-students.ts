import type { TPrintStudent } from '../../src/pdf/class-print-input';

/**
 * Synthetic rosters for print tests and the print benchmark: common Taiwanese surnames and
 * some 150 given-name characters, so a grade draws a realistic few hundred distinct glyphs.
 */
const SURNAMES = [...'陳林黃張李王吳劉蔡楊許鄭謝洪郭邱曾廖賴徐周葉蘇莊呂江何蕭羅高'];
const GIVEN = [...(
  '怡君志明淑芬家豪雅婷俊宏美玲建宇欣穎冠廷佳蓉承翰宗翰詩涵柏宇品妤子軒宥廷' +
  '思妤宇翔昱廷宸瑋語彤芷晴秉諺柏翰睿哲奕辰芯瑜靖雯詠晴沛恩佑宣鈞凱翊誠' +
  '嘉文碩彥紹庭博仁聖傑威廷育霖睿恩浩宇沐晨以樂芮安采潔昕妍筠蘋瀚維崇勳' +
  '惠珍麗華秀英淑惠雅慧文傑國強建國志豪俊傑家銘宏志振宇政勳耀德坤龍鳳嬌'
)];

export function studentName(index: number): string {
  const surname = SURNAMES[index % SURNAMES.length];
  const first = GIVEN[(index * 7) % GIVEN.length];
  const second = GIVEN[(index * 31 + 5) % GIVEN.length];
  return `${surname}${first}${second}`;
}

/** Class `classNo` of grade `grade`: seats 1…size, numbers like 1120701. */
export function classRoster(grade: number, classNo: number, size: number): TPrintStudent[] {
  return Array.from({ length: size }, (_, index) => {
    const seat = index + 1;
    return {
      name: studentName(classNo * 100 + index),
      number: `11${grade}${String(classNo).padStart(2, '0')}${String(seat).padStart(2, '0')}`,
      seat,
      grade,
      class: classNo,
      className: `${grade}年${classNo}班`,
    };
  });
}
