/**
 * The teams of a set being edited, before it is saved: who is in which team, the names and
 * the leaders. Every student is in at most one team by construction (a move takes them out
 * of the team they were in), so the board cannot produce the server's 同时在两个小组 refusal.
 */

export interface Pupil {
  studentId: string;
  studentName: string;
  studentNumber: string;
  className: string;
}

export interface DraftTeam {
  /** Stable across renames, for React and the move selects. */
  key: string;
  groupName: string;
  /** '' while the team has no member. */
  leaderStudentId: string;
  studentIds: string[];
  /** The teaching class a preview made the team in (v2 groups each class on its own). */
  teachingClassName?: string | undefined;
}

export interface BoardState {
  teams: DraftTeam[];
  nextKey: number;
}

export type BoardAction =
  | { type: 'replace'; teams: Omit<DraftTeam, 'key'>[] }
  /** `to`: a team's key, or null for 未分组. */
  | { type: 'move'; studentId: string; to: string | null }
  | { type: 'rename'; key: string; groupName: string }
  | { type: 'leader'; key: string; studentId: string }
  | { type: 'add'; count: number }
  | { type: 'remove'; key: string };

export function boardOf(teams: Omit<DraftTeam, 'key'>[]): BoardState {
  return {
    teams: teams.map((team, index) => ({ ...team, key: `t${index}` })),
    nextKey: teams.length,
  };
}

/** 第 N 组 with the smallest N no team is named yet. */
function freeName(teams: readonly DraftTeam[]): string {
  const taken = new Set(teams.map((team) => team.groupName.trim()));
  let n = 1;
  while (taken.has(`第 ${n} 组`)) n += 1;
  return `第 ${n} 组`;
}

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'replace':
      return {
        teams: action.teams.map((team, index) => ({ ...team, key: `t${state.nextKey + index}` })),
        nextKey: state.nextKey + action.teams.length,
      };
    case 'move': {
      const teams = state.teams.map((team) => {
        if (team.key === action.to) {
          if (team.studentIds.includes(action.studentId)) return team;
          return {
            ...team,
            studentIds: [...team.studentIds, action.studentId],
            // the first member of an empty team leads it
            leaderStudentId: team.leaderStudentId || action.studentId,
          };
        }
        if (!team.studentIds.includes(action.studentId)) return team;
        const studentIds = team.studentIds.filter((id) => id !== action.studentId);
        return {
          ...team,
          studentIds,
          // a leader moved away hands the team to the next member
          leaderStudentId:
            team.leaderStudentId === action.studentId ? (studentIds[0] ?? '') : team.leaderStudentId,
        };
      });
      return { ...state, teams };
    }
    case 'rename':
      return {
        ...state,
        teams: state.teams.map((team) =>
          team.key === action.key ? { ...team, groupName: action.groupName } : team,
        ),
      };
    case 'leader':
      return {
        ...state,
        teams: state.teams.map((team) =>
          team.key === action.key && team.studentIds.includes(action.studentId)
            ? { ...team, leaderStudentId: action.studentId }
            : team,
        ),
      };
    case 'add': {
      const teams = [...state.teams];
      let nextKey = state.nextKey;
      for (let i = 0; i < action.count; i += 1) {
        teams.push({ key: `t${nextKey}`, groupName: freeName(teams), leaderStudentId: '', studentIds: [] });
        nextKey += 1;
      }
      return { teams, nextKey };
    }
    case 'remove':
      return { ...state, teams: state.teams.filter((team) => team.key !== action.key) };
  }
}

/** What keeps the teams from being saved, in the words a teacher reads (empty when nothing does). */
export function boardProblems(
  teams: readonly DraftTeam[],
  maxMembers: number,
  needsTeams: boolean,
): string[] {
  const problems: string[] = [];
  if (needsTeams && !teams.some((team) => team.studentIds.length > 0)) {
    problems.push('请至少建立一个有成员的小组（只有学生自由组队的方案可以先不建小组）');
  }
  teams.forEach((team, index) => {
    const name = team.groupName.trim();
    const label = name ? `“${name}”` : `第 ${index + 1} 个小组`;
    if (!name) problems.push(`第 ${index + 1} 个小组还没有名称`);
    if (team.studentIds.length === 0) problems.push(`${label}还没有成员：请分配学生或删除该小组`);
    if (team.studentIds.length > maxMembers) {
      problems.push(`${label}有 ${team.studentIds.length} 人，超过每组人数上限 ${maxMembers} 人`);
    }
  });
  return problems;
}
