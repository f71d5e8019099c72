import type { Input } from '../contract/types';
import { examCreate, examUpDown } from '../services/exam/exams';
import { examExaminersAdd, examScoreSave } from '../services/exam/examiners';
import { examinerGet, examinerResultsSubmit, examinerStatusSave } from '../services/exam/my-exams';
import { MINUTE_MS } from '../lib/clock';
import { parseJsonText } from '../lib/envelope';
import { seededRandom } from '../lib/seeded-random';
import type { DemoHomeworkScene } from './demo-homework';
import { at } from './seed-context';

// a question as written here: the optional fields left out (tolerance: 0 by default)
type QuestionInput = Omit<NonNullable<Input<'examCreate'>['questions']>[number], 'tolerance'>;

const choice = (stem: string, options: string[], answers: string[], score: number, analysis: string) => ({
  type: (answers.length > 1 ? 2 : 1) as 1 | 2,
  stem: `<p>${stem}</p>`,
  options: options.map((content, index) => ({ key: 'ABCD'[index]!, content })),
  answers,
  score,
  ...(answers.length > 1 ? { partialScore: score / 2 } : {}),
  analysis,
});

/** The first quiz: returns and risk, every question type a quant course uses. */
const QUIZ_1: QuestionInput[] = [
  choice(
    '某股票昨日收盘价 10 元，今日收盘价 10.5 元，今日的简单收益率是？',
    ['0.5%', '5%', '4.76%', '50%'],
    ['B'],
    10,
    '(10.5 − 10) / 10 = 5%。',
  ),
  choice(
    '日波动率为 1.2%，按 240 个交易日计算，年化波动率约为？',
    ['1.2%', '18.6%', '288%', '14.4%'],
    ['B'],
    10,
    '年化波动率 = 日波动率 × √240 ≈ 1.2% × 15.49 ≈ 18.6%。',
  ),
  choice(
    '最大回撤衡量的是？',
    ['收益的平均水平', '净值从历史高点到其后低点的最大跌幅', '收益率的标准差', '相对基准的超额收益'],
    ['B'],
    10,
    '最大回撤 = max(1 − 净值 / 历史最高净值)。',
  ),
  choice(
    '下列哪些是风险指标？',
    ['年化波动率', '年化收益率', '最大回撤', '换手率'],
    ['A', 'C'],
    15,
    '波动率和最大回撤度量风险；收益率度量收益，换手率度量交易频率。',
  ),
  {
    type: 3,
    stem: '<p>对数收益率可以按时间直接相加得到多期收益率。</p>',
    options: [],
    answers: ['T'],
    score: 10,
    analysis: 'ln(P₂/P₀) = ln(P₂/P₁) + ln(P₁/P₀)。',
  },
  {
    type: 4,
    stem: '<p>年化超额收益与年化波动率之比称为 ____ 比率。</p>',
    options: [],
    answers: ['夏普|Sharpe'],
    score: 15,
    analysis: '夏普比率（Sharpe ratio）。',
  },
  {
    type: 5,
    stem: '<p>简述均线择时策略在震荡行情中表现较差的原因。</p>',
    options: [],
    answers: ['震荡行情中价格反复穿越均线，产生大量虚假信号，频繁交易造成损失和交易成本。'],
    score: 30,
    analysis: '要点：信号滞后、反复穿越产生假信号、交易成本累积。',
  },
];

/** The midterm: a week ahead, nobody has entered yet. */
const MIDTERM: QuestionInput[] = [
  ...QUIZ_1.slice(0, 4),
  choice(
    '动量策略的基本做法是？',
    ['买入过去表现差的资产', '买入过去表现好的资产', '只持有现金', '等权持有全部资产'],
    ['B'],
    10,
    '动量：强者恒强，买入过去一段时间涨幅居前的资产。',
  ),
  {
    type: 6,
    stem: '<p>用 pandas 写出由收盘价序列 close 计算最大回撤的代码。</p>',
    options: [],
    answers: [
      'nav = close / close.iloc[0]\ndrawdown = 1 - nav / nav.cummax()\nmax_drawdown = drawdown.max()',
    ],
    score: 25,
    analysis: '累计净值除以其历史最高点。',
    codeLanguage: 'python',
  },
  QUIZ_1[6]!,
];

/** Students who missed the first quiz (numbers 1–30). */
const ABSENT = new Set([7, 22]);

const QA_ANSWERS = [
  '价格在均线附近来回波动，信号频繁反转，每次都追涨杀跌，还要付手续费。',
  '因为均线滞后，震荡时买入后很快下跌又卖出。',
  '震荡行情没有趋势，均线策略依赖趋势。',
  '假信号多，交易成本高。',
];

const QA_COMMENTS = [
  '要点完整：假信号和交易成本都提到了。',
  '提到了滞后，但没有说明交易成本的影响。',
  '方向正确，但过于简略，请展开说明。',
  '回答扼要，可以再结合一个例子。',
];

/**
 * Exams on the demo course, through the service verbs, each step at the instant it would have
 * happened: the first quiz nine days ago, sat by 28 of the 30 students (some answers wrong), its
 * short answers graded with comments; the midterm next week, published, nobody entered yet.
 */
export async function seedDemoExams(scene: DemoHomeworkScene): Promise<void> {
  const { school, courseId, teacherId, studentIds, today, as } = scene;
  const random = seededRandom(7);

  const create = async (
    days: number,
    {
      questions,
      ...input
    }: Omit<Input<'examCreate'>, 'schoolId' | 'courseId' | 'questions'> & {
      questions: QuestionInput[];
    },
  ) => {
    const teacher = as(teacherId, at(today, days, '16:00'));
    const exam = await examCreate({
      ctx: teacher,
      input: {
        schoolId: school,
        courseId,
        ...input,
        questions: questions.map((question) => ({ tolerance: 0, ...question })),
      },
    });
    await examExaminersAdd({
      ctx: teacher,
      input: { examId: exam.examId, userIds: studentIds.map(String) },
    });
    await examUpDown({ ctx: teacher, input: { examId: exam.examId, upDownStatus: 1 } });
    return exam;
  };

  const quizStart = at(today, -9, '14:00');
  const quiz = await create(-12, {
    examName: '第一次随堂测验：收益率与风险',
    description: '覆盖第 1–3 讲：收益率、波动率、最大回撤与夏普比率。',
    attendNotice: '开卷，独立完成；答案在作答时自动保存，断网后可继续作答，恢复后自动提交。',
    startTime: quizStart,
    endTime: quizStart + 90 * MINUTE_MS,
    duration: 40,
    passScore: 60,
    resultPolicy: 1,
    shuffleQuestions: false,
    shuffleOptions: true,
    questions: QUIZ_1,
  });

  const sitters = studentIds.filter((_, index) => !ABSENT.has(index + 1));
  for (const [index, userId] of sitters.entries()) {
    const entered = quizStart + (5 + (index % 10)) * MINUTE_MS;
    const paper = parseJsonText(
      await examinerGet({ ctx: as(userId, entered), input: { examId: quiz.examId } }),
    );
    const skill = 0.55 + random() * 0.45;
    const answers = paper.questions.map((question, k) => {
      const right = random() < skill;
      const source = QUIZ_1[question.orderNo - 1]!;
      let answer: string[];
      if (question.type === 5) answer = [QA_ANSWERS[index % QA_ANSWERS.length]!];
      else if (question.type === 4) answer = [right ? '夏普' : '信息'];
      else if (question.type === 3) answer = [right ? 'T' : 'F'];
      else if (right) answer = source.answers;
      else answer = question.type === 2 ? ['A', 'B'] : ['A'];
      return { questionId: question.questionId, answer, seq: k + 1 };
    });
    await examinerStatusSave({
      ctx: as(userId, entered + 12 * MINUTE_MS),
      input: { examId: quiz.examId, answers },
    });
    await examinerResultsSubmit({
      ctx: as(userId, entered + (20 + (index % 15)) * MINUTE_MS),
      input: { examId: quiz.examId, answers: [], auto: false },
    });
  }

  const qa = quiz.questions.find((question) => question.type === 5)!;
  for (const [index, userId] of sitters.entries()) {
    await examScoreSave({
      ctx: as(teacherId, at(today, -8, '10:00') + index * MINUTE_MS),
      input: {
        examId: quiz.examId,
        userId: String(userId),
        items: [
          {
            questionId: qa.questionId,
            score: [28, 20, 15, 24][index % 4]!,
            comment: QA_COMMENTS[index % QA_COMMENTS.length]!,
          },
        ],
      },
    });
  }

  const midtermStart = at(today, 6, '09:00');
  await create(-2, {
    examName: '期中考试',
    description: '第 1–7 讲，闭卷。代码题写出关键代码即可。',
    attendNotice:
      '请提前 10 分钟登录。进入后计时开始，时间到系统自动交卷；答案自动保存，刷新页面或换一台设备可以继续作答。',
    startTime: midtermStart,
    endTime: midtermStart + 120 * MINUTE_MS,
    duration: 90,
    passScore: 60,
    resultPolicy: 2,
    shuffleQuestions: true,
    shuffleOptions: true,
    questions: MIDTERM,
  });
}
