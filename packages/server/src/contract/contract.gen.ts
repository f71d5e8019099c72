// 由 scripts/gen-operations.mjs 根据 specs/ 与 SDK 生成，请勿手改（pnpm gen）。
import * as userZ from '@dfrm/sdk/user/zod';
import type * as user from '@dfrm/sdk/user/types';
import * as tmsZ from '@dfrm/sdk/tms/zod';
import type * as tms from '@dfrm/sdk/tms/types';
import * as resourceZ from '@dfrm/sdk/resource/zod';
import type * as resource from '@dfrm/sdk/resource/types';
import * as supportZ from '@dfrm/sdk/support/zod';
import type * as support from '@dfrm/sdk/support/types';
import * as cmsZ from '@dfrm/sdk/cms/zod';
import type * as cms from '@dfrm/sdk/cms/types';
import * as nodeZ from '@dfrm/sdk/node/zod';
import type * as node from '@dfrm/sdk/node/types';
import type { FileAnswer } from '../lib/file-answer';

/** The SDK's zod schemas of each operation's path, query and body. */
export const SCHEMAS = {
  adminSchoolList: { body: userZ.zAdminSchoolListBody },
  adminSchoolSave: { body: userZ.zAdminSchoolSaveBody },
  adminSchoolRename: { body: userZ.zAdminSchoolRenameBody },
  adminResetUserPassword: { body: userZ.zAdminResetUserPasswordBody },
  adminSetUserDisabled: { body: userZ.zAdminSetUserDisabledBody },
  login: { body: userZ.zLoginBody },
  isLogin: { query: userZ.zIsLoginQuery },
  logout: {  },
  resetPassword: { body: userZ.zResetPasswordBody },
  changePassword: { body: userZ.zChangePasswordBody },
  getUserAttachInfo: { body: userZ.zGetUserAttachInfoBody },
  searchUsers: { body: userZ.zSearchUsersBody },
  getOwnUserGroup: { body: userZ.zGetOwnUserGroupBody },
  userGroupList: { body: userZ.zUserGroupListBody },
  userGroupInfo: { body: userZ.zUserGroupInfoBody },
  userGroupSave: { body: userZ.zUserGroupSaveBody },
  userGroupUpdate: { body: userZ.zUserGroupUpdateBody },
  userGroupDelete: { body: userZ.zUserGroupDeleteBody },
  userGroupUserList: { body: userZ.zUserGroupUserListBody },
  userGroupUserBind: { body: userZ.zUserGroupUserBindBody },
  userGroupUserUnbind: { body: userZ.zUserGroupUserUnbindBody },
  userGroupUserBindByFile: { path: userZ.zUserGroupUserBindByFilePath, body: userZ.zUserGroupUserBindByFileBody },
  userGroupSchoolSave: { body: userZ.zUserGroupSchoolSaveBody },
  getUserGroupSchoolIds: { body: userZ.zGetUserGroupSchoolIdsBody },
  userGroupSchoolRefreshUserBind: { path: userZ.zUserGroupSchoolRefreshUserBindPath, body: userZ.zUserGroupSchoolRefreshUserBindBody },
  userGroupUserExcelModel: {  },
  queryAnnounceList: { body: tmsZ.zQueryAnnounceListBody },
  updateAnnounce: { body: tmsZ.zUpdateAnnounceBody },
  updateAnnounceVisible: { body: tmsZ.zUpdateAnnounceVisibleBody },
  delAnnounce: { path: tmsZ.zDelAnnouncePath },
  getAnnounce: { path: tmsZ.zGetAnnouncePath },
  getAnnounceVisibleList: { path: tmsZ.zGetAnnounceVisibleListPath },
  getClientUserLogin: {  },
  clientUserLogin: { path: tmsZ.zClientUserLoginPath },
  getClientSchoolList: {  },
  getUsersSchools: { body: tmsZ.zGetUsersSchoolsBody },
  queryCourseWorkList: { body: tmsZ.zQueryCourseWorkListBody },
  queryCourseWorkListV2: { body: tmsZ.zQueryCourseWorkListV2Body },
  updateCourseWork: { body: tmsZ.zUpdateCourseWorkBody },
  creatCourseGroup: { body: tmsZ.zCreatCourseGroupBody },
  previewGroup: { body: tmsZ.zPreviewGroupBody },
  previewGroupV2: { body: tmsZ.zPreviewGroupV2Body },
  queryWorkFinishStatus: { body: tmsZ.zQueryWorkFinishStatusBody },
  correctStudentWork: { body: tmsZ.zCorrectStudentWorkBody },
  getCourseWorkInfo: { path: tmsZ.zGetCourseWorkInfoPath },
  publishCourseWork: { path: tmsZ.zPublishCourseWorkPath },
  publishCourseWorkV2: { path: tmsZ.zPublishCourseWorkV2Path },
  delCourseWork: { path: tmsZ.zDelCourseWorkPath },
  getCourseGroup: { path: tmsZ.zGetCourseGroupPath },
  getCourseGroupV2: { path: tmsZ.zGetCourseGroupV2Path, query: tmsZ.zGetCourseGroupV2Query },
  getSchoolCourseGroup: { path: tmsZ.zGetSchoolCourseGroupPath, query: tmsZ.zGetSchoolCourseGroupQuery },
  getCourseGroupMember: { path: tmsZ.zGetCourseGroupMemberPath },
  exportWorkFinishExcel: { query: tmsZ.zExportWorkFinishExcelQuery },
  publishWorkScore: { path: tmsZ.zPublishWorkScorePath },
  automaticGrading: { path: tmsZ.zAutomaticGradingPath },
  courseWorkGetStrategyInfo: { path: tmsZ.zCourseWorkGetStrategyInfoPath },
  courseWorkGetPerformance: { path: tmsZ.zCourseWorkGetPerformancePath },
  courseWorkGetSTCode: { path: tmsZ.zCourseWorkGetStCodePath },
  courseWorkDownloadSTCode: { path: tmsZ.zCourseWorkDownloadStCodePath },
  getWorkFinishInfo: { path: tmsZ.zGetWorkFinishInfoPath },
  uploadWorkFile: { body: tmsZ.zUploadWorkFileBody },
  downloadWorkAttachment: { path: tmsZ.zDownloadWorkAttachmentPath, query: tmsZ.zDownloadWorkAttachmentQuery },
  getCourseList: { body: tmsZ.zGetCourseListBody },
  getCourseListV2: { body: tmsZ.zGetCourseListV2Body },
  getSchoolClass: { body: tmsZ.zGetSchoolClassBody },
  getClassStudent: { body: tmsZ.zGetClassStudentBody },
  updateCourse: { body: tmsZ.zUpdateCourseBody },
  updateCourseV2: { body: tmsZ.zUpdateCourseV2Body },
  getCourseClassStudentV2: { body: tmsZ.zGetCourseClassStudentV2Body },
  setCourseSection: { body: tmsZ.zSetCourseSectionBody },
  getCourseSummaryList: { body: tmsZ.zGetCourseSummaryListBody },
  getCourseTeachingClass: { path: tmsZ.zGetCourseTeachingClassPath },
  delCourse: { path: tmsZ.zDelCoursePath },
  getCourseSection: { path: tmsZ.zGetCourseSectionPath },
  clearCourseSection: { path: tmsZ.zClearCourseSectionPath },
  delCourseSection: { path: tmsZ.zDelCourseSectionPath },
  downloadCourseSectionTemplate: {  },
  getCourseStudentNum: { path: tmsZ.zGetCourseStudentNumPath },
  getCourseStudentNumV2: { path: tmsZ.zGetCourseStudentNumV2Path },
  getCourseStaticTotal: { path: tmsZ.zGetCourseStaticTotalPath },
  getCourseStaticTotalV2: { path: tmsZ.zGetCourseStaticTotalV2Path, query: tmsZ.zGetCourseStaticTotalV2Query },
  uploadCourseSection: { path: tmsZ.zUploadCourseSectionPath, body: tmsZ.zUploadCourseSectionBody },
  getCourseWareList: { body: tmsZ.zGetCourseWareListBody },
  uploadCourseWare: { body: tmsZ.zUploadCourseWareBody },
  delCourseWare: { body: tmsZ.zDelCourseWareBody },
  updateCourseWareShareList: { body: tmsZ.zUpdateCourseWareShareListBody },
  getCourseWareAttachmentList: { path: tmsZ.zGetCourseWareAttachmentListPath },
  downloadCourseWare: { path: tmsZ.zDownloadCourseWarePath, query: tmsZ.zDownloadCourseWareQuery },
  getCourseWareShareList: { path: tmsZ.zGetCourseWareShareListPath },
  examUserList: { body: tmsZ.zExamUserListBody },
  examinerCheck: { body: tmsZ.zExaminerCheckBody },
  examinerGetBase: { body: tmsZ.zExaminerGetBaseBody },
  examinerGet: { body: tmsZ.zExaminerGetBody },
  examinerStatusSave: { body: tmsZ.zExaminerStatusSaveBody },
  examinerResultsSubmit: { body: tmsZ.zExaminerResultsSubmitBody },
  examinerStatusGet: { path: tmsZ.zExaminerStatusGetPath },
  examinerResultsGet: { path: tmsZ.zExaminerResultsGetPath },
  examCreate: { body: tmsZ.zExamCreateBody },
  examList: { body: tmsZ.zExamListBody },
  examGetAmount: { body: tmsZ.zExamGetAmountBody },
  examUpdate: { body: tmsZ.zExamUpdateBody },
  examUpDown: { body: tmsZ.zExamUpDownBody },
  examExaminersAdd: { body: tmsZ.zExamExaminersAddBody },
  examExaminersImport: { path: tmsZ.zExamExaminersImportPath, body: tmsZ.zExamExaminersImportBody },
  examExaminersDel: { body: tmsZ.zExamExaminersDelBody },
  examExaminersExtraTime: { body: tmsZ.zExamExaminersExtraTimeBody },
  examExaminersList: { body: tmsZ.zExamExaminersListBody },
  examExaminersListByIds: { body: tmsZ.zExamExaminersListByIdsBody },
  examUserBatchResult: { body: tmsZ.zExamUserBatchResultBody },
  examScoreSave: { body: tmsZ.zExamScoreSaveBody },
  examDel: { path: tmsZ.zExamDelPath },
  examFlush: { path: tmsZ.zExamFlushPath },
  examGet: { path: tmsZ.zExamGetPath },
  examExaminersImportModelGet: {  },
  examExaminersExport: { path: tmsZ.zExamExaminersExportPath },
  examUserGet: { path: tmsZ.zExamUserGetPath },
  examUserGetByNumber: { path: tmsZ.zExamUserGetByNumberPath },
  examUserAttend: { path: tmsZ.zExamUserAttendPath },
  examStatic: { path: tmsZ.zExamStaticPath },
  getStudentCourseList: { body: tmsZ.zGetStudentCourseListBody },
  getStudentCourseListV2: { body: tmsZ.zGetStudentCourseListV2Body },
  getStudentWareList: { body: tmsZ.zGetStudentWareListBody },
  getMyWorkList: { body: tmsZ.zGetMyWorkListBody },
  getMyWorkListV2: { body: tmsZ.zGetMyWorkListV2Body },
  getMyWorkCourseStatistics: { path: tmsZ.zGetMyWorkCourseStatisticsPath, body: tmsZ.zGetMyWorkCourseStatisticsBody },
  getMyWorkResourceDetail: { path: tmsZ.zGetMyWorkResourceDetailPath, body: tmsZ.zGetMyWorkResourceDetailBody },
  getMyWorkResourceList: { path: tmsZ.zGetMyWorkResourceListPath, body: tmsZ.zGetMyWorkResourceListBody },
  updateMyWorkInfo: { body: tmsZ.zUpdateMyWorkInfoBody },
  getWorkMessage: { body: tmsZ.zGetWorkMessageBody },
  getMyWorkInfo: { path: tmsZ.zGetMyWorkInfoPath },
  getScoredWork: { path: tmsZ.zGetScoredWorkPath },
  getStudentCurGroup: { path: tmsZ.zGetStudentCurGroupPath },
  createStudentWorkGroup: { path: tmsZ.zCreateStudentWorkGroupPath, query: tmsZ.zCreateStudentWorkGroupQuery },
  removeGroupMember: { path: tmsZ.zRemoveGroupMemberPath },
  myWorkGetCourseStudentList: { path: tmsZ.zMyWorkGetCourseStudentListPath, query: tmsZ.zMyWorkGetCourseStudentListQuery },
  myWorkGetCourseStudentListV2: { path: tmsZ.zMyWorkGetCourseStudentListV2Path, query: tmsZ.zMyWorkGetCourseStudentListV2Query },
  uploadMyWorkFile: { body: tmsZ.zUploadMyWorkFileBody },
  downloadStudentWorkFile: { path: tmsZ.zDownloadStudentWorkFilePath, query: tmsZ.zDownloadStudentWorkFileQuery },
  quizPaperUserGetList: { body: tmsZ.zQuizPaperUserGetListBody },
  quizPaperCreate: { body: tmsZ.zQuizPaperCreateBody },
  quizPaperDetail: { body: tmsZ.zQuizPaperDetailBody },
  quizPaperQuestionDetail: { body: tmsZ.zQuizPaperQuestionDetailBody },
  quizPaperFillAnswer: { body: tmsZ.zQuizPaperFillAnswerBody },
  quizPaperResultEx: { body: tmsZ.zQuizPaperResultExBody },
  quizPaperCheckProcess: { body: tmsZ.zQuizPaperCheckProcessBody },
  quizPaperResult: { body: tmsZ.zQuizPaperResultBody },
  quizPaperHandIn: { body: tmsZ.zQuizPaperHandInBody },
  quizTeacherGetList: { body: tmsZ.zQuizTeacherGetListBody },
  quizTeacherGetDetail: { body: tmsZ.zQuizTeacherGetDetailBody },
  quizTeacherSave: { body: tmsZ.zQuizTeacherSaveBody },
  quizTeacherUpdate: { body: tmsZ.zQuizTeacherUpdateBody },
  quizTeacherDelete: { body: tmsZ.zQuizTeacherDeleteBody },
  quizTeacherUpdateStatus: { body: tmsZ.zQuizTeacherUpdateStatusBody },
  quizTeacherDistributeAnswers: { body: tmsZ.zQuizTeacherDistributeAnswersBody },
  quizTeacherStatistics: { body: tmsZ.zQuizTeacherStatisticsBody },
  quizTeacherStatisticsV2: { body: tmsZ.zQuizTeacherStatisticsV2Body },
  quizTeacherStudentRecord: { body: tmsZ.zQuizTeacherStudentRecordBody },
  quizTeacherStudentRecordV2: { body: tmsZ.zQuizTeacherStudentRecordV2Body },
  quizTeacherStudentQuizList: { body: tmsZ.zQuizTeacherStudentQuizListBody },
  quizTeacherReviewStudentQuiz: { body: tmsZ.zQuizTeacherReviewStudentQuizBody },
  quizTeacherExportStudentRecord: { body: tmsZ.zQuizTeacherExportStudentRecordBody },
  quizTeacherExportStudentRecordV2: { body: tmsZ.zQuizTeacherExportStudentRecordV2Body },
  quizApiCourseQuizList: {  },
  quizApiListByCourse: { path: tmsZ.zQuizApiListByCoursePath, body: tmsZ.zQuizApiListByCourseBody },
  quizApiGetDetail: { body: tmsZ.zQuizApiGetDetailBody },
  quizApiStatistics: { body: tmsZ.zQuizApiStatisticsBody },
  quizApiCourseClassStatistics: { body: tmsZ.zQuizApiCourseClassStatisticsBody },
  tmsStatisticsOverview: { body: tmsZ.zTmsStatisticsOverviewBody },
  tmsStatisticsCourse: { body: tmsZ.zTmsStatisticsCourseBody },
  tmsStatisticsTeacherStudentData: { body: tmsZ.zTmsStatisticsTeacherStudentDataBody },
  tmsStatisticsStudentHomeOverview: { body: tmsZ.zTmsStatisticsStudentHomeOverviewBody },
  getStudentAnnounceList: { body: tmsZ.zGetStudentAnnounceListBody },
  getLastAnnounce: { path: tmsZ.zGetLastAnnouncePath },
  viewAnnounce: { path: tmsZ.zViewAnnouncePath },
  getStudentCourseTable: { path: tmsZ.zGetStudentCourseTablePath },
  getStudentRecentCourse: { path: tmsZ.zGetStudentRecentCoursePath, query: tmsZ.zGetStudentRecentCourseQuery },
  getUnViewAnnounce: { path: tmsZ.zGetUnViewAnnouncePath },
  getUnCommitWorkNum: { path: tmsZ.zGetUnCommitWorkNumPath },
  getStudentList: { body: tmsZ.zGetStudentListBody },
  getStudentListStatic: { body: tmsZ.zGetStudentListStaticBody },
  getStudentListByCourse: { body: tmsZ.zGetStudentListByCourseBody },
  getStudentListByCourseStatic: { body: tmsZ.zGetStudentListByCourseStaticBody },
  getStudentListByCourseV2: { body: tmsZ.zGetStudentListByCourseV2Body },
  getStudentListByCourseStaticV2: { body: tmsZ.zGetStudentListByCourseStaticV2Body },
  schoolMgrGetStudentList: { body: tmsZ.zSchoolMgrGetStudentListBody },
  updateStudent: { body: tmsZ.zUpdateStudentBody },
  schoolMgrUpdateStudent: { body: tmsZ.zSchoolMgrUpdateStudentBody },
  uploadStudent: { path: tmsZ.zUploadStudentPath, body: tmsZ.zUploadStudentBody },
  schoolUploadStudent: { path: tmsZ.zSchoolUploadStudentPath, body: tmsZ.zSchoolUploadStudentBody },
  updateStudentStatus: { path: tmsZ.zUpdateStudentStatusPath },
  schoolMgrUpdateStudentStatus: { path: tmsZ.zSchoolMgrUpdateStudentStatusPath },
  getOnlineStudentList: { body: tmsZ.zGetOnlineStudentListBody },
  getOnlineStudentListByCourse: { body: tmsZ.zGetOnlineStudentListByCourseBody },
  getOnlineStudentListByCourseV2: { body: tmsZ.zGetOnlineStudentListByCourseV2Body },
  getStudentInfo: { path: tmsZ.zGetStudentInfoPath },
  schoolMgrGetStudentInfo: { path: tmsZ.zSchoolMgrGetStudentInfoPath },
  delStudent: { path: tmsZ.zDelStudentPath },
  schoolMgrDelStudent: { path: tmsZ.zSchoolMgrDelStudentPath },
  downloadStudentTemplate: {  },
  studentMgrRefresh: { query: tmsZ.zStudentMgrRefreshQuery },
  getTeacherCourseTable: { path: tmsZ.zGetTeacherCourseTablePath },
  getTeacherRecentCourse: { path: tmsZ.zGetTeacherRecentCoursePath, query: tmsZ.zGetTeacherRecentCourseQuery },
  getTeacherReceivedWork: { path: tmsZ.zGetTeacherReceivedWorkPath, query: tmsZ.zGetTeacherReceivedWorkQuery },
  getTeachingCourse: { path: tmsZ.zGetTeachingCoursePath },
  getCourseWorkScore: { path: tmsZ.zGetCourseWorkScorePath, query: tmsZ.zGetCourseWorkScoreQuery },
  getCourseWorkPassRate: { path: tmsZ.zGetCourseWorkPassRatePath },
  getCourseWorkPassRateV2: { path: tmsZ.zGetCourseWorkPassRateV2Path, query: tmsZ.zGetCourseWorkPassRateV2Query },
  getCourseWorkDistribution: { path: tmsZ.zGetCourseWorkDistributionPath, query: tmsZ.zGetCourseWorkDistributionQuery },
  getCourseWorkStatistics: { path: tmsZ.zGetCourseWorkStatisticsPath },
  getCourseWorkStatisticsV2: { path: tmsZ.zGetCourseWorkStatisticsV2Path },
  trainingGet: { body: tmsZ.zTrainingGetBody },
  trainingCreate: { body: tmsZ.zTrainingCreateBody },
  trainingUpdateStatus: { body: tmsZ.zTrainingUpdateStatusBody },
  trainingList: { body: tmsZ.zTrainingListBody },
  trainingDelete: { body: tmsZ.zTrainingDeleteBody },
  trainingUpdateLeading: { body: tmsZ.zTrainingUpdateLeadingBody },
  trainingUpdateAdditional: { body: tmsZ.zTrainingUpdateAdditionalBody },
  trainingUpdateAscription: { body: tmsZ.zTrainingUpdateAscriptionBody },
  trainingUpdatePropaganda: { body: tmsZ.zTrainingUpdatePropagandaBody },
  trainingTagAdd: { body: tmsZ.zTrainingTagAddBody },
  trainingTagUpdate: { body: tmsZ.zTrainingTagUpdateBody },
  trainingTagDelete: { path: tmsZ.zTrainingTagDeletePath },
  trainingTagListAll: {  },
  trainingTagUpdateSort: { path: tmsZ.zTrainingTagUpdateSortPath },
  trainingTagClientList: { body: tmsZ.zTrainingTagClientListBody },
  trainingStudentList: { body: tmsZ.zTrainingStudentListBody },
  trainingStudentCollection: { body: tmsZ.zTrainingStudentCollectionBody },
  trainingStudentReportSubmit: { body: tmsZ.zTrainingStudentReportSubmitBody },
  trainingStudentReportList: { body: tmsZ.zTrainingStudentReportListBody },
  trainingTeacherClassOverview: { path: tmsZ.zTrainingTeacherClassOverviewPath },
  trainingTeacherCourseOverview: { path: tmsZ.zTrainingTeacherCourseOverviewPath },
  trainingTeacherCourseOverviewV2: { path: tmsZ.zTrainingTeacherCourseOverviewV2Path, body: tmsZ.zTrainingTeacherCourseOverviewV2Body },
  trainingStudentOverview: { body: tmsZ.zTrainingStudentOverviewBody },
  trainingTeacherClassFinishOverview: { path: tmsZ.zTrainingTeacherClassFinishOverviewPath, body: tmsZ.zTrainingTeacherClassFinishOverviewBody },
  trainingTeacherCourseFinishOverview: { path: tmsZ.zTrainingTeacherCourseFinishOverviewPath, body: tmsZ.zTrainingTeacherCourseFinishOverviewBody },
  trainingTeacherCourseFinishOverviewV2: { path: tmsZ.zTrainingTeacherCourseFinishOverviewV2Path, body: tmsZ.zTrainingTeacherCourseFinishOverviewV2Body },
  trainingClientOverview: {  },
  trainingTeacherFinishStatistics: { body: tmsZ.zTrainingTeacherFinishStatisticsBody },
  trainingTeacherFinishStatisticsByCourse: { body: tmsZ.zTrainingTeacherFinishStatisticsByCourseBody },
  trainingTeacherFinishStatisticsByCourseV2: { body: tmsZ.zTrainingTeacherFinishStatisticsByCourseV2Body },
  trainingStudentFinishOverview: { body: tmsZ.zTrainingStudentFinishOverviewBody },
  trainingTeachList: { body: tmsZ.zTrainingTeachListBody },
  trainingTeacherStudentReportList: { path: tmsZ.zTrainingTeacherStudentReportListPath, body: tmsZ.zTrainingTeacherStudentReportListBody },
  trainingTeacherStudentReportListV2: { path: tmsZ.zTrainingTeacherStudentReportListV2Path, body: tmsZ.zTrainingTeacherStudentReportListV2Body },
  trainingTeacherStudentFinishOverview: { path: tmsZ.zTrainingTeacherStudentFinishOverviewPath, body: tmsZ.zTrainingTeacherStudentFinishOverviewBody },
  trainingRecordSave: { body: tmsZ.zTrainingRecordSaveBody },
  trainingRecordGet: { path: tmsZ.zTrainingRecordGetPath },
  trainingRecordDelete: { path: tmsZ.zTrainingRecordDeletePath },
  trainingStudentReportDetail: { path: tmsZ.zTrainingStudentReportDetailPath },
  trainingListByTag: { body: tmsZ.zTrainingListByTagBody },
  trainingExportByCourse: { body: tmsZ.zTrainingExportByCourseBody },
  trainingExportByCourseV2: { body: tmsZ.zTrainingExportByCourseV2Body },
  trainingGetDetail: { path: tmsZ.zTrainingGetDetailPath },
  trainingGetDetailByAdmin: { path: tmsZ.zTrainingGetDetailByAdminPath },
  trainingStudentGetDetail: { path: tmsZ.zTrainingStudentGetDetailPath },
  trainingStudentGetUrl: { path: tmsZ.zTrainingStudentGetUrlPath },
  trainingWeightUpdate: { body: tmsZ.zTrainingWeightUpdateBody },
  trainingWeightGetByClass: { path: tmsZ.zTrainingWeightGetByClassPath },
  auditApplyAdd: { body: resourceZ.zAuditApplyAddBody },
  auditApplyUpdate: { body: resourceZ.zAuditApplyUpdateBody },
  auditCancel: { body: resourceZ.zAuditCancelBody },
  auditApplyRemove: { body: resourceZ.zAuditApplyRemoveBody },
  auditApprove: { body: resourceZ.zAuditApproveBody },
  auditAdminRemovePublicResource: { body: resourceZ.zAuditAdminRemovePublicResourceBody },
  auditReject: { body: resourceZ.zAuditRejectBody },
  auditAdminList: { query: resourceZ.zAuditAdminListQuery, body: resourceZ.zAuditAdminListBody },
  auditUserList: { query: resourceZ.zAuditUserListQuery, body: resourceZ.zAuditUserListBody },
  auditPublishToPublic: { body: resourceZ.zAuditPublishToPublicBody },
  auditApplyAddV2: { body: resourceZ.zAuditApplyAddV2Body },
  auditApplyUpdateV2: { body: resourceZ.zAuditApplyUpdateV2Body },
  auditCancelV2: { body: resourceZ.zAuditCancelV2Body },
  courseRecommendList: { body: resourceZ.zCourseRecommendListBody },
  courseRecommendClientList: { body: resourceZ.zCourseRecommendClientListBody },
  courseRecommendStudyTreeList: { body: resourceZ.zCourseRecommendStudyTreeListBody },
  courseRecommendSave: { body: resourceZ.zCourseRecommendSaveBody },
  courseRecommendDelete: { body: resourceZ.zCourseRecommendDeleteBody },
  courseRecommendGet: { body: resourceZ.zCourseRecommendGetBody },
  examRepoTeacherCoursePaperList: { body: resourceZ.zExamRepoTeacherCoursePaperListBody },
  examRepoList: { body: resourceZ.zExamRepoListBody },
  examRepoQuestionList: { body: resourceZ.zExamRepoQuestionListBody },
  examRepoTagList: { body: resourceZ.zExamRepoTagListBody },
  examRepoDetail: { path: resourceZ.zExamRepoDetailPath },
  examRepoPaperDetail: { body: resourceZ.zExamRepoPaperDetailBody },
  examRepoCreatePaperTemplate: { body: resourceZ.zExamRepoCreatePaperTemplateBody },
  examRepoCreatePaperTemplateEx: { body: resourceZ.zExamRepoCreatePaperTemplateExBody },
  exerciseList: { body: resourceZ.zExerciseListBody },
  exerciseListByTag: { body: resourceZ.zExerciseListByTagBody },
  exerciseListById: { body: resourceZ.zExerciseListByIdBody },
  exerciseUpdate: { body: resourceZ.zExerciseUpdateBody },
  exerciseDelete: { body: resourceZ.zExerciseDeleteBody },
  exerciseChoiceImport: { path: resourceZ.zExerciseChoiceImportPath, body: resourceZ.zExerciseChoiceImportBody },
  exerciseQaImport: { path: resourceZ.zExerciseQaImportPath, body: resourceZ.zExerciseQaImportBody },
  exerciseTagUpdate: { body: resourceZ.zExerciseTagUpdateBody },
  exercisePaperTagUpdate: { body: resourceZ.zExercisePaperTagUpdateBody },
  exercisePaperCreate: { body: resourceZ.zExercisePaperCreateBody },
  exercisePaperList: { body: resourceZ.zExercisePaperListBody },
  exercisePaperListByTag: { body: resourceZ.zExercisePaperListByTagBody },
  exercisePaperGet: { path: resourceZ.zExercisePaperGetPath },
  exercisePaperDelete: { body: resourceZ.zExercisePaperDeleteBody },
  exercisePaperUpdate: { body: resourceZ.zExercisePaperUpdateBody },
  exerciseChoiceImportModelGet: {  },
  exerciseQaImportModelGet: {  },
  exerciseGet: { path: resourceZ.zExerciseGetPath },
  exerciseTagList: { query: resourceZ.zExerciseTagListQuery },
  exerciseTypeList: {  },
  exercisePaperTagList: { query: resourceZ.zExercisePaperTagListQuery },
  orgBriefListByTag: { body: resourceZ.zOrgBriefListByTagBody },
  orgSearchList: { body: resourceZ.zOrgSearchListBody },
  orgGroupAdminSearchList: { body: resourceZ.zOrgGroupAdminSearchListBody },
  orgErlSearchList: { body: resourceZ.zOrgErlSearchListBody },
  orgSearchListByAdmin: { body: resourceZ.zOrgSearchListByAdminBody },
  orgGetInfo: { body: resourceZ.zOrgGetInfoBody },
  orgGetInfoByAdmin: { path: resourceZ.zOrgGetInfoByAdminPath, body: resourceZ.zOrgGetInfoByAdminBody },
  orgBatchPrivateList: { body: resourceZ.zOrgBatchPrivateListBody },
  orgBatchPublicList: { body: resourceZ.zOrgBatchPublicListBody },
  orgBatchPrivateListByAdmin: { body: resourceZ.zOrgBatchPrivateListByAdminBody },
  orgBatchPublicListByAdmin: { body: resourceZ.zOrgBatchPublicListByAdminBody },
  orgAddToPool: { body: resourceZ.zOrgAddToPoolBody },
  orgAddToPoolV2: { body: resourceZ.zOrgAddToPoolV2Body },
  orgRemoveFromPool: { body: resourceZ.zOrgRemoveFromPoolBody },
  orgGroupAdminUpdateVisible: { body: resourceZ.zOrgGroupAdminUpdateVisibleBody },
  orgAdminUpdateVisible: { body: resourceZ.zOrgAdminUpdateVisibleBody },
  orgAdminDeleteFromPool: { body: resourceZ.zOrgAdminDeleteFromPoolBody },
  orgGetExercisePaperBank: { body: resourceZ.zOrgGetExercisePaperBankBody },
  permissionUserResourceBatchBind: { body: resourceZ.zPermissionUserResourceBatchBindBody },
  permissionUserResourceBatchUnbind: { body: resourceZ.zPermissionUserResourceBatchUnbindBody },
  permissionUserResourceGroupBatchBind: { body: resourceZ.zPermissionUserResourceGroupBatchBindBody },
  permissionUserResourceGroupBatchUnbind: { body: resourceZ.zPermissionUserResourceGroupBatchUnbindBody },
  permissionUserGroupResourceGroupBind: { body: resourceZ.zPermissionUserGroupResourceGroupBindBody },
  permissionUserGroupResourceGroupUnbind: { body: resourceZ.zPermissionUserGroupResourceGroupUnbindBody },
  permissionGetUserListByResource: { body: resourceZ.zPermissionGetUserListByResourceBody },
  permissionGetUsersByResourceGroup: { body: resourceZ.zPermissionGetUsersByResourceGroupBody },
  permissionGetUserGroupsByResourceGroup: { body: resourceZ.zPermissionGetUserGroupsByResourceGroupBody },
  permissionGetUserAllResourceIds: { body: resourceZ.zPermissionGetUserAllResourceIdsBody },
  permissionGetUserAllResourceIdsByAdmin: { body: resourceZ.zPermissionGetUserAllResourceIdsByAdminBody },
  permissionGetByUserAndResource: { body: resourceZ.zPermissionGetByUserAndResourceBody },
  permissionGetUserAllResourceGroups: { body: resourceZ.zPermissionGetUserAllResourceGroupsBody },
  permissionGetUserGroupResourceGroups: { body: resourceZ.zPermissionGetUserGroupResourceGroupsBody },
  permissionGetUserGroupAllResourceGroups: { body: resourceZ.zPermissionGetUserGroupAllResourceGroupsBody },
  privateResourceAdd: { body: resourceZ.zPrivateResourceAddBody },
  privateResourceUpdate: { body: resourceZ.zPrivateResourceUpdateBody },
  privateResourceUpdateFile: { body: resourceZ.zPrivateResourceUpdateFileBody },
  privateResourceUpdateDataFile: { body: resourceZ.zPrivateResourceUpdateDataFileBody },
  privateResourceCreateByFile: { body: resourceZ.zPrivateResourceCreateByFileBody },
  privateResourceBackup: { body: resourceZ.zPrivateResourceBackupBody },
  privateResourceRestore: { body: resourceZ.zPrivateResourceRestoreBody },
  privateGetOnlineCsvHeaders: { body: resourceZ.zPrivateGetOnlineCsvHeadersBody },
  privateGetFileCsvHeaders: { body: resourceZ.zPrivateGetFileCsvHeadersBody },
  privateResourceGet: { path: resourceZ.zPrivateResourceGetPath },
  privateResourceGetByResourceId: { body: resourceZ.zPrivateResourceGetByResourceIdBody },
  privateBackupList: { body: resourceZ.zPrivateBackupListBody },
  privateBackupListByAdmin: { body: resourceZ.zPrivateBackupListByAdminBody },
  privateBatchInfoList: { body: resourceZ.zPrivateBatchInfoListBody },
  privateResourceGetByAdmin: { path: resourceZ.zPrivateResourceGetByAdminPath },
  privateResourceDelete: { body: resourceZ.zPrivateResourceDeleteBody },
  privateResourceBatchDelete: { body: resourceZ.zPrivateResourceBatchDeleteBody },
  privateDeleteOldVersion: { body: resourceZ.zPrivateDeleteOldVersionBody },
  privateTagGetList: { body: resourceZ.zPrivateTagGetListBody },
  privateResourceGetList: { body: resourceZ.zPrivateResourceGetListBody },
  privateResourceGetListByAdmin: { body: resourceZ.zPrivateResourceGetListByAdminBody },
  privateAdminUpdateVisible: { body: resourceZ.zPrivateAdminUpdateVisibleBody },
  privateParentList: { body: resourceZ.zPrivateParentListBody },
  privateParentListV2: { body: resourceZ.zPrivateParentListV2Body },
  privateGetDetailAndSubResources: { path: resourceZ.zPrivateGetDetailAndSubResourcesPath },
  privateBatchVersion: { body: resourceZ.zPrivateBatchVersionBody },
  privateGetResourcesBindDetail: { body: resourceZ.zPrivateGetResourcesBindDetailBody },
  privateGetExerciseBank: { body: resourceZ.zPrivateGetExerciseBankBody },
  privateGetPaperBank: { body: resourceZ.zPrivateGetPaperBankBody },
  productList: { body: resourceZ.zProductListBody },
  productInfo: { body: resourceZ.zProductInfoBody },
  productInfoByProductNo: { body: resourceZ.zProductInfoByProductNoBody },
  productSave: { body: resourceZ.zProductSaveBody },
  productUpdate: { body: resourceZ.zProductUpdateBody },
  productDelete: { body: resourceZ.zProductDeleteBody },
  productPermissionUserList: { body: resourceZ.zProductPermissionUserListBody },
  productPermissionUserInfo: { body: resourceZ.zProductPermissionUserInfoBody },
  productPermissionUserAdd: { body: resourceZ.zProductPermissionUserAddBody },
  productPermissionUserDelete: { body: resourceZ.zProductPermissionUserDeleteBody },
  publicParentTagList: { body: resourceZ.zPublicParentTagListBody },
  publicParentTagInfo: { body: resourceZ.zPublicParentTagInfoBody },
  publicTagTreeList: { body: resourceZ.zPublicTagTreeListBody },
  publicBriefListByTag: { body: resourceZ.zPublicBriefListByTagBody },
  publicSearchDataAndInterface: { body: resourceZ.zPublicSearchDataAndInterfaceBody },
  publicAuthorizedSearchList: { body: resourceZ.zPublicAuthorizedSearchListBody },
  publicSearchListByAdmin: { body: resourceZ.zPublicSearchListByAdminBody },
  publicGetList: { body: resourceZ.zPublicGetListBody },
  publicPermissionList: { body: resourceZ.zPublicPermissionListBody },
  publicHottestList: { body: resourceZ.zPublicHottestListBody },
  publicNewestList: { body: resourceZ.zPublicNewestListBody },
  publicRecentOpenList: { body: resourceZ.zPublicRecentOpenListBody },
  publicRecentOpenPageList: { body: resourceZ.zPublicRecentOpenPageListBody },
  publicInfo: { body: resourceZ.zPublicInfoBody },
  publicBatchInfo: { body: resourceZ.zPublicBatchInfoBody },
  publicGetExerciseBank: { body: resourceZ.zPublicGetExerciseBankBody },
  publicParentList: { body: resourceZ.zPublicParentListBody },
  publicDelete: { body: resourceZ.zPublicDeleteBody },
  publicApplyDownloadUrl: { body: resourceZ.zPublicApplyDownloadUrlBody },
  publicGetSubResources: { body: resourceZ.zPublicGetSubResourcesBody },
  publicCourseSubResourceCountStatistics: { body: resourceZ.zPublicCourseSubResourceCountStatisticsBody },
  publicGetPaperBank: { body: resourceZ.zPublicGetPaperBankBody },
  readRecordList: { query: resourceZ.zReadRecordListQuery, body: resourceZ.zReadRecordListBody },
  readRecordReading: { body: resourceZ.zReadRecordReadingBody },
  readRecordReadingV2: { body: resourceZ.zReadRecordReadingV2Body },
  readRecordGetResourceReadInfo: { body: resourceZ.zReadRecordGetResourceReadInfoBody },
  readRecordGetUserReadResourceInfo: { body: resourceZ.zReadRecordGetUserReadResourceInfoBody },
  readRecordTotalReadTimeStatistics: { body: resourceZ.zReadRecordTotalReadTimeStatisticsBody },
  readRecordReadUserCount: { body: resourceZ.zReadRecordReadUserCountBody },
  readRecordReadUserCountV2: { body: resourceZ.zReadRecordReadUserCountV2Body },
  readRecordGetLatestReadCourseInfo: { body: resourceZ.zReadRecordGetLatestReadCourseInfoBody },
  spaceTemplateList: { body: resourceZ.zSpaceTemplateListBody },
  spaceTemplateInfo: { body: resourceZ.zSpaceTemplateInfoBody },
  spaceTemplateSave: { body: resourceZ.zSpaceTemplateSaveBody },
  spaceTemplateUpdate: { body: resourceZ.zSpaceTemplateUpdateBody },
  spaceTemplateDelete: { body: resourceZ.zSpaceTemplateDeleteBody },
  spaceTemplateUserBind: { body: resourceZ.zSpaceTemplateUserBindBody },
  spaceTemplateUserUnbind: { body: resourceZ.zSpaceTemplateUserUnbindBody },
  spaceTemplateUserList: { body: resourceZ.zSpaceTemplateUserListBody },
  spaceTemplateGroupBind: { body: resourceZ.zSpaceTemplateGroupBindBody },
  spaceTemplateGroupUnbind: { body: resourceZ.zSpaceTemplateGroupUnbindBody },
  spaceTemplateGroupList: { body: resourceZ.zSpaceTemplateGroupListBody },
  spaceUserList: { body: resourceZ.zSpaceUserListBody },
  spaceUserInfo: { body: resourceZ.zSpaceUserInfoBody },
  spaceUserInfoByAdmin: { body: resourceZ.zSpaceUserInfoByAdminBody },
  spaceApplyPublicUploadUrl: { query: resourceZ.zSpaceApplyPublicUploadUrlQuery },
  spaceApplyPublicUploadUrlByAdmin: { query: resourceZ.zSpaceApplyPublicUploadUrlByAdminQuery },
  resourceStatisticsOverview: { body: resourceZ.zResourceStatisticsOverviewBody },
  resourceStatisticsCountProductResource: { body: resourceZ.zResourceStatisticsCountProductResourceBody },
  resourceStatisticsCountUserResource: { body: resourceZ.zResourceStatisticsCountUserResourceBody },
  resourceStatisticsCountUserPublicResource: { body: resourceZ.zResourceStatisticsCountUserPublicResourceBody },
  resourceStatisticsUserCourseOverview: { body: resourceZ.zResourceStatisticsUserCourseOverviewBody },
  resourceStatisticsDailyStudyUserNum: { body: resourceZ.zResourceStatisticsDailyStudyUserNumBody },
  resourceStatisticsReadUserCourseRank: { body: resourceZ.zResourceStatisticsReadUserCourseRankBody },
  resourceStatisticsReadTimeCourseRank: { body: resourceZ.zResourceStatisticsReadTimeCourseRankBody },
  resourceStatisticsReadUserRank: { body: resourceZ.zResourceStatisticsReadUserRankBody },
  resourceStatisticsUserReadInfo: { body: resourceZ.zResourceStatisticsUserReadInfoBody },
  resourceTagAdd: { body: resourceZ.zResourceTagAddBody },
  resourceTagUpdate: { body: resourceZ.zResourceTagUpdateBody },
  resourceTagDelete: { body: resourceZ.zResourceTagDeleteBody },
  resourceTagGet: { body: resourceZ.zResourceTagGetBody },
  resourceTagGetByAdmin: { body: resourceZ.zResourceTagGetByAdminBody },
  resourceTagGetByPage: { body: resourceZ.zResourceTagGetByPageBody },
  resourceSubtagGet: { body: resourceZ.zResourceSubtagGetBody },
  resourceSubtagGetByAdmin: { body: resourceZ.zResourceSubtagGetByAdminBody },
  resourceTagDetailGet: { body: resourceZ.zResourceTagDetailGetBody },
  resourceTagGetList: { body: resourceZ.zResourceTagGetListBody },
  resourceTagGetPublicList: { body: resourceZ.zResourceTagGetPublicListBody },
  resourceTagGetOrgList: { body: resourceZ.zResourceTagGetOrgListBody },
  resourceTagGetListByIds: { body: resourceZ.zResourceTagGetListByIdsBody },
  resourceTagGetCourseNameList: { body: resourceZ.zResourceTagGetCourseNameListBody },
  resourceTagGetNameListByType: { path: resourceZ.zResourceTagGetNameListByTypePath, body: resourceZ.zResourceTagGetNameListByTypeBody },
  sendSmsCode: { path: supportZ.zSendSmsCodePath },
  getUserStrategyPool: { path: supportZ.zGetUserStrategyPoolPath, body: supportZ.zGetUserStrategyPoolBody },
  getStrategyDetailPerformance: { path: supportZ.zGetStrategyDetailPerformancePath },
  getUstSTPerformance: { path: supportZ.zGetUstStPerformancePath },
  getStrategyCodeText: { path: supportZ.zGetStrategyCodeTextPath },
  downloadStrategyCode: { path: supportZ.zDownloadStrategyCodePath },
  getStrategyBaseInfo: { path: supportZ.zGetStrategyBaseInfoPath },
  forumTagAdd: { path: cmsZ.zForumTagAddPath },
  forumTagAddSys: { path: cmsZ.zForumTagAddSysPath },
  forumTagDelete: { path: cmsZ.zForumTagDeletePath },
  forumTagListRead: { body: cmsZ.zForumTagListReadBody },
  forumTagList: {  },
  forumTagListAll: { body: cmsZ.zForumTagListAllBody },
  forumTagUpdateSort: { path: cmsZ.zForumTagUpdateSortPath },
  forumSubForumAdd: { path: cmsZ.zForumSubForumAddPath, body: cmsZ.zForumSubForumAddBody },
  forumSubForumAddSys: { path: cmsZ.zForumSubForumAddSysPath, body: cmsZ.zForumSubForumAddSysBody },
  forumSubForumDelete: { path: cmsZ.zForumSubForumDeletePath },
  forumSubForumList: {  },
  forumSubForumListAll: { body: cmsZ.zForumSubForumListAllBody },
  forumSubForumUpdateSort: { path: cmsZ.zForumSubForumUpdateSortPath },
  forumPostAdd: { body: cmsZ.zForumPostAddBody },
  forumPostAddByAdmin: { body: cmsZ.zForumPostAddByAdminBody },
  forumPostUpdate: { body: cmsZ.zForumPostUpdateBody },
  forumPostUpdateByAdmin: { body: cmsZ.zForumPostUpdateByAdminBody },
  forumPostList: { body: cmsZ.zForumPostListBody },
  forumPostSearch: { body: cmsZ.zForumPostSearchBody },
  forumPostDraftList: { path: cmsZ.zForumPostDraftListPath, body: cmsZ.zForumPostDraftListBody },
  forumPostDetail: { path: cmsZ.zForumPostDetailPath },
  forumPostDetailByAdmin: { body: cmsZ.zForumPostDetailByAdminBody },
  forumPostListPersonal: { body: cmsZ.zForumPostListPersonalBody },
  forumPostListInner: { body: cmsZ.zForumPostListInnerBody },
  forumPostSearchInnerList: { body: cmsZ.zForumPostSearchInnerListBody },
  forumPostSearchInnerByName: { path: cmsZ.zForumPostSearchInnerByNamePath, body: cmsZ.zForumPostSearchInnerByNameBody },
  forumPostAuthorSearch: { body: cmsZ.zForumPostAuthorSearchBody },
  forumPostDelete: { path: cmsZ.zForumPostDeletePath },
  forumPostDeleteByAdmin: { body: cmsZ.zForumPostDeleteByAdminBody },
  forumPostUpdateTopStatus: { path: cmsZ.zForumPostUpdateTopStatusPath },
  forumPostUpdateHighlightStatus: { path: cmsZ.zForumPostUpdateHighlightStatusPath },
  forumPostUpdateSortPri: { path: cmsZ.zForumPostUpdateSortPriPath },
  forumPostUserEdit: { path: cmsZ.zForumPostUserEditPath },
  forumPostUserInnerEdit: { path: cmsZ.zForumPostUserInnerEditPath },
  forumPostThumbsUp: { body: cmsZ.zForumPostThumbsUpBody },
  forumPostCollect: { path: cmsZ.zForumPostCollectPath },
  forumPostCancelCollect: { body: cmsZ.zForumPostCancelCollectBody },
  forumCommentAdd: { body: cmsZ.zForumCommentAddBody },
  forumCommentDelete: { path: cmsZ.zForumCommentDeletePath },
  forumCommentList: { body: cmsZ.zForumCommentListBody },
  forumCommentUp: { path: cmsZ.zForumCommentUpPath },
  newsTagAdd: { path: cmsZ.zNewsTagAddPath },
  newsTagDelete: { path: cmsZ.zNewsTagDeletePath },
  newsTagList: {  },
  newsTagListAll: {  },
  newsTagUpdateSort: { path: cmsZ.zNewsTagUpdateSortPath },
  newsAdd: { body: cmsZ.zNewsAddBody },
  newsUpdate: { body: cmsZ.zNewsUpdateBody },
  newsList: { body: cmsZ.zNewsListBody },
  newsSearch: { body: cmsZ.zNewsSearchBody },
  newsListDetail: { body: cmsZ.zNewsListDetailBody },
  newsSearchDetail: { body: cmsZ.zNewsSearchDetailBody },
  newsDetail: { path: cmsZ.zNewsDetailPath },
  newsFullInfo: { path: cmsZ.zNewsFullInfoPath },
  newsDelete: { path: cmsZ.zNewsDeletePath },
  newsTagIdByName: { path: cmsZ.zNewsTagIdByNamePath },
  newsListInner: { path: cmsZ.zNewsListInnerPath, body: cmsZ.zNewsListInnerBody },
  newsListByTagName: { path: cmsZ.zNewsListByTagNamePath, body: cmsZ.zNewsListByTagNameBody },
  newsGetByTime: { path: cmsZ.zNewsGetByTimePath, body: cmsZ.zNewsGetByTimeBody },
  userSettingGet: { path: cmsZ.zUserSettingGetPath },
  userSettingSave: { body: cmsZ.zUserSettingSaveBody },
  userSettingDelete: { body: cmsZ.zUserSettingDeleteBody },
  nodeCenterGetImageConfig: { body: nodeZ.zNodeCenterGetImageConfigBody },
  nodeCenterGetCciStatus: { path: nodeZ.zNodeCenterGetCciStatusPath },
  nodeCenterRefreshUseTime: { body: nodeZ.zNodeCenterRefreshUseTimeBody },
  rdsGroupPrivilegeAdd: { body: nodeZ.zRdsGroupPrivilegeAddBody },
  rdsGroupPrivilegeUpdate: { body: nodeZ.zRdsGroupPrivilegeUpdateBody },
  rdsGroupPrivilegeDelete: { path: nodeZ.zRdsGroupPrivilegeDeletePath },
  rdsGroupPrivilegeGet: { path: nodeZ.zRdsGroupPrivilegeGetPath },
  rdsGroupPrivilegeList: { body: nodeZ.zRdsGroupPrivilegeListBody },
  rdsGroupPrivilegeListByUser: {  },
  rdsExecuteSql: { body: nodeZ.zRdsExecuteSqlBody },
  rdsBackup: { body: nodeZ.zRdsBackupBody },
  rdsTaskList: { body: nodeZ.zRdsTaskListBody },
  rdsRestore: { body: nodeZ.zRdsRestoreBody },
  rdsBackupDelete: { path: nodeZ.zRdsBackupDeletePath },
  rdsImportCsv: { body: nodeZ.zRdsImportCsvBody },
  rdsImportTable: { body: nodeZ.zRdsImportTableBody },
  rdsTaskStatus: { path: nodeZ.zRdsTaskStatusPath },
  rdsPrivilegeRefresh: { body: nodeZ.zRdsPrivilegeRefreshBody },
  rdsPrivilegeList: { body: nodeZ.zRdsPrivilegeListBody },
  handleLogList: { body: nodeZ.zHandleLogListBody },
  cciRefreshUseTime: { body: nodeZ.zCciRefreshUseTimeBody },
  cciBoot: { body: nodeZ.zCciBootBody },
  cciListNode: { body: nodeZ.zCciListNodeBody },
  cciShutdown: { path: nodeZ.zCciShutdownPath, body: nodeZ.zCciShutdownBody },
  userNodeListRunning: { body: nodeZ.zUserNodeListRunningBody },
  cciGetStatus: { path: nodeZ.zCciGetStatusPath },
  cciNodeResourceInfo: { body: nodeZ.zCciNodeResourceInfoBody },
  cciLocalUserIsExist: {  },
  nodeAreaZoneList: {  },
  cciImageConfig: { body: nodeZ.zCciImageConfigBody },
  imageConfigSave: { body: nodeZ.zImageConfigSaveBody },
  imageConfigList: { body: nodeZ.zImageConfigListBody },
  cciMonitorQueryByFile: { path: nodeZ.zCciMonitorQueryByFilePath, body: nodeZ.zCciMonitorQueryByFileBody },
} as const;

/** What each operation's service verb answers, in the SDK's generated types (a file for downloads). */
export interface OperationOutput {
  adminSchoolList: user.AdminSchoolListResponse;
  adminSchoolSave: user.AdminSchoolSaveResponse;
  adminSchoolRename: user.AdminSchoolRenameResponse;
  adminResetUserPassword: user.AdminResetUserPasswordResponse;
  adminSetUserDisabled: user.AdminSetUserDisabledResponse;
  login: user.LoginResponse;
  isLogin: user.IsLoginResponse;
  logout: user.LogoutResponse;
  resetPassword: user.ResetPasswordResponse;
  changePassword: user.ChangePasswordResponse;
  getUserAttachInfo: user.GetUserAttachInfoResponse;
  searchUsers: user.SearchUsersResponse;
  getOwnUserGroup: user.GetOwnUserGroupResponse;
  userGroupList: user.UserGroupListResponse;
  userGroupInfo: user.UserGroupInfoResponse;
  userGroupSave: user.UserGroupSaveResponse;
  userGroupUpdate: user.UserGroupUpdateResponse;
  userGroupDelete: user.UserGroupDeleteResponse;
  userGroupUserList: user.UserGroupUserListResponse;
  userGroupUserBind: user.UserGroupUserBindResponse;
  userGroupUserUnbind: user.UserGroupUserUnbindResponse;
  userGroupUserBindByFile: user.UserGroupUserBindByFileResponse;
  userGroupSchoolSave: user.UserGroupSchoolSaveResponse;
  getUserGroupSchoolIds: user.GetUserGroupSchoolIdsResponse;
  userGroupSchoolRefreshUserBind: user.UserGroupSchoolRefreshUserBindResponse;
  userGroupUserExcelModel: FileAnswer;
  queryAnnounceList: tms.QueryAnnounceListResponse;
  updateAnnounce: tms.UpdateAnnounceResponse;
  updateAnnounceVisible: tms.UpdateAnnounceVisibleResponse;
  delAnnounce: tms.DelAnnounceResponse;
  getAnnounce: tms.GetAnnounceResponse;
  getAnnounceVisibleList: tms.GetAnnounceVisibleListResponse;
  getClientUserLogin: tms.GetClientUserLoginResponse;
  clientUserLogin: tms.ClientUserLoginResponse;
  getClientSchoolList: tms.GetClientSchoolListResponse;
  getUsersSchools: tms.GetUsersSchoolsResponse;
  queryCourseWorkList: tms.QueryCourseWorkListResponse;
  queryCourseWorkListV2: tms.QueryCourseWorkListV2Response;
  updateCourseWork: tms.UpdateCourseWorkResponse;
  creatCourseGroup: tms.CreatCourseGroupResponse;
  previewGroup: tms.PreviewGroupResponse;
  previewGroupV2: tms.PreviewGroupV2Response;
  queryWorkFinishStatus: tms.QueryWorkFinishStatusResponse;
  correctStudentWork: tms.CorrectStudentWorkResponse;
  getCourseWorkInfo: tms.GetCourseWorkInfoResponse;
  publishCourseWork: tms.PublishCourseWorkResponse;
  publishCourseWorkV2: tms.PublishCourseWorkV2Response;
  delCourseWork: tms.DelCourseWorkResponse;
  getCourseGroup: tms.GetCourseGroupResponse;
  getCourseGroupV2: tms.GetCourseGroupV2Response;
  getSchoolCourseGroup: tms.GetSchoolCourseGroupResponse;
  getCourseGroupMember: tms.GetCourseGroupMemberResponse;
  exportWorkFinishExcel: FileAnswer;
  publishWorkScore: tms.PublishWorkScoreResponse;
  automaticGrading: tms.AutomaticGradingResponse;
  courseWorkGetStrategyInfo: tms.CourseWorkGetStrategyInfoResponse;
  courseWorkGetPerformance: tms.CourseWorkGetPerformanceResponse;
  courseWorkGetSTCode: tms.CourseWorkGetStCodeResponse;
  courseWorkDownloadSTCode: FileAnswer;
  getWorkFinishInfo: tms.GetWorkFinishInfoResponse;
  uploadWorkFile: tms.UploadWorkFileResponse;
  downloadWorkAttachment: FileAnswer;
  getCourseList: tms.GetCourseListResponse;
  getCourseListV2: tms.GetCourseListV2Response;
  getSchoolClass: tms.GetSchoolClassResponse;
  getClassStudent: tms.GetClassStudentResponse;
  updateCourse: tms.UpdateCourseResponse;
  updateCourseV2: tms.UpdateCourseV2Response;
  getCourseClassStudentV2: tms.GetCourseClassStudentV2Response;
  setCourseSection: tms.SetCourseSectionResponse;
  getCourseSummaryList: tms.GetCourseSummaryListResponse;
  getCourseTeachingClass: tms.GetCourseTeachingClassResponse;
  delCourse: tms.DelCourseResponse;
  getCourseSection: tms.GetCourseSectionResponse;
  clearCourseSection: tms.ClearCourseSectionResponse;
  delCourseSection: tms.DelCourseSectionResponse;
  downloadCourseSectionTemplate: FileAnswer;
  getCourseStudentNum: tms.GetCourseStudentNumResponse;
  getCourseStudentNumV2: tms.GetCourseStudentNumV2Response;
  getCourseStaticTotal: tms.GetCourseStaticTotalResponse;
  getCourseStaticTotalV2: tms.GetCourseStaticTotalV2Response;
  uploadCourseSection: tms.UploadCourseSectionResponse;
  getCourseWareList: tms.GetCourseWareListResponse;
  uploadCourseWare: tms.UploadCourseWareResponse;
  delCourseWare: tms.DelCourseWareResponse;
  updateCourseWareShareList: tms.UpdateCourseWareShareListResponse;
  getCourseWareAttachmentList: tms.GetCourseWareAttachmentListResponse;
  downloadCourseWare: FileAnswer;
  getCourseWareShareList: tms.GetCourseWareShareListResponse;
  examUserList: tms.ExamUserListResponse;
  examinerCheck: tms.ExaminerCheckResponse;
  examinerGetBase: tms.ExaminerGetBaseResponse;
  examinerGet: tms.ExaminerGetResponse;
  examinerStatusSave: tms.ExaminerStatusSaveResponse;
  examinerResultsSubmit: tms.ExaminerResultsSubmitResponse;
  examinerStatusGet: tms.ExaminerStatusGetResponse;
  examinerResultsGet: tms.ExaminerResultsGetResponse;
  examCreate: tms.ExamCreateResponse;
  examList: tms.ExamListResponse;
  examGetAmount: tms.ExamGetAmountResponse;
  examUpdate: tms.ExamUpdateResponse;
  examUpDown: tms.ExamUpDownResponse;
  examExaminersAdd: tms.ExamExaminersAddResponse;
  examExaminersImport: tms.ExamExaminersImportResponse;
  examExaminersDel: tms.ExamExaminersDelResponse;
  examExaminersExtraTime: tms.ExamExaminersExtraTimeResponse;
  examExaminersList: tms.ExamExaminersListResponse;
  examExaminersListByIds: tms.ExamExaminersListByIdsResponse;
  examUserBatchResult: tms.ExamUserBatchResultResponse;
  examScoreSave: tms.ExamScoreSaveResponse;
  examDel: tms.ExamDelResponse;
  examFlush: tms.ExamFlushResponse;
  examGet: tms.ExamGetResponse;
  examExaminersImportModelGet: FileAnswer;
  examExaminersExport: FileAnswer;
  examUserGet: tms.ExamUserGetResponse;
  examUserGetByNumber: tms.ExamUserGetByNumberResponse;
  examUserAttend: tms.ExamUserAttendResponse;
  examStatic: tms.ExamStaticResponse;
  getStudentCourseList: tms.GetStudentCourseListResponse;
  getStudentCourseListV2: tms.GetStudentCourseListV2Response;
  getStudentWareList: tms.GetStudentWareListResponse;
  getMyWorkList: tms.GetMyWorkListResponse;
  getMyWorkListV2: tms.GetMyWorkListV2Response;
  getMyWorkCourseStatistics: tms.GetMyWorkCourseStatisticsResponse;
  getMyWorkResourceDetail: tms.GetMyWorkResourceDetailResponse;
  getMyWorkResourceList: tms.GetMyWorkResourceListResponse;
  updateMyWorkInfo: tms.UpdateMyWorkInfoResponse;
  getWorkMessage: tms.GetWorkMessageResponse;
  getMyWorkInfo: tms.GetMyWorkInfoResponse;
  getScoredWork: tms.GetScoredWorkResponse;
  getStudentCurGroup: tms.GetStudentCurGroupResponse;
  createStudentWorkGroup: tms.CreateStudentWorkGroupResponse;
  removeGroupMember: tms.RemoveGroupMemberResponse;
  myWorkGetCourseStudentList: tms.MyWorkGetCourseStudentListResponse;
  myWorkGetCourseStudentListV2: tms.MyWorkGetCourseStudentListV2Response;
  uploadMyWorkFile: tms.UploadMyWorkFileResponse;
  downloadStudentWorkFile: FileAnswer;
  quizPaperUserGetList: tms.QuizPaperUserGetListResponse;
  quizPaperCreate: tms.QuizPaperCreateResponse;
  quizPaperDetail: tms.QuizPaperDetailResponse;
  quizPaperQuestionDetail: tms.QuizPaperQuestionDetailResponse;
  quizPaperFillAnswer: tms.QuizPaperFillAnswerResponse;
  quizPaperResultEx: tms.QuizPaperResultExResponse;
  quizPaperCheckProcess: tms.QuizPaperCheckProcessResponse;
  quizPaperResult: tms.QuizPaperResultResponse;
  quizPaperHandIn: tms.QuizPaperHandInResponse;
  quizTeacherGetList: tms.QuizTeacherGetListResponse;
  quizTeacherGetDetail: tms.QuizTeacherGetDetailResponse;
  quizTeacherSave: tms.QuizTeacherSaveResponse;
  quizTeacherUpdate: tms.QuizTeacherUpdateResponse;
  quizTeacherDelete: tms.QuizTeacherDeleteResponse;
  quizTeacherUpdateStatus: tms.QuizTeacherUpdateStatusResponse;
  quizTeacherDistributeAnswers: tms.QuizTeacherDistributeAnswersResponse;
  quizTeacherStatistics: tms.QuizTeacherStatisticsResponse;
  quizTeacherStatisticsV2: tms.QuizTeacherStatisticsV2Response;
  quizTeacherStudentRecord: tms.QuizTeacherStudentRecordResponse;
  quizTeacherStudentRecordV2: tms.QuizTeacherStudentRecordV2Response;
  quizTeacherStudentQuizList: tms.QuizTeacherStudentQuizListResponse;
  quizTeacherReviewStudentQuiz: tms.QuizTeacherReviewStudentQuizResponse;
  quizTeacherExportStudentRecord: FileAnswer;
  quizTeacherExportStudentRecordV2: FileAnswer;
  quizApiCourseQuizList: tms.QuizApiCourseQuizListResponse;
  quizApiListByCourse: tms.QuizApiListByCourseResponse;
  quizApiGetDetail: tms.QuizApiGetDetailResponse;
  quizApiStatistics: tms.QuizApiStatisticsResponse;
  quizApiCourseClassStatistics: tms.QuizApiCourseClassStatisticsResponse;
  tmsStatisticsOverview: tms.TmsStatisticsOverviewResponse;
  tmsStatisticsCourse: tms.TmsStatisticsCourseResponse;
  tmsStatisticsTeacherStudentData: tms.TmsStatisticsTeacherStudentDataResponse;
  tmsStatisticsStudentHomeOverview: tms.TmsStatisticsStudentHomeOverviewResponse;
  getStudentAnnounceList: tms.GetStudentAnnounceListResponse;
  getLastAnnounce: tms.GetLastAnnounceResponse;
  viewAnnounce: tms.ViewAnnounceResponse;
  getStudentCourseTable: tms.GetStudentCourseTableResponse;
  getStudentRecentCourse: tms.GetStudentRecentCourseResponse;
  getUnViewAnnounce: tms.GetUnViewAnnounceResponse;
  getUnCommitWorkNum: tms.GetUnCommitWorkNumResponse;
  getStudentList: tms.GetStudentListResponse;
  getStudentListStatic: tms.GetStudentListStaticResponse;
  getStudentListByCourse: tms.GetStudentListByCourseResponse;
  getStudentListByCourseStatic: tms.GetStudentListByCourseStaticResponse;
  getStudentListByCourseV2: tms.GetStudentListByCourseV2Response;
  getStudentListByCourseStaticV2: tms.GetStudentListByCourseStaticV2Response;
  schoolMgrGetStudentList: tms.SchoolMgrGetStudentListResponse;
  updateStudent: tms.UpdateStudentResponse;
  schoolMgrUpdateStudent: tms.SchoolMgrUpdateStudentResponse;
  uploadStudent: tms.UploadStudentResponse;
  schoolUploadStudent: tms.SchoolUploadStudentResponse;
  updateStudentStatus: tms.UpdateStudentStatusResponse;
  schoolMgrUpdateStudentStatus: tms.SchoolMgrUpdateStudentStatusResponse;
  getOnlineStudentList: tms.GetOnlineStudentListResponse;
  getOnlineStudentListByCourse: tms.GetOnlineStudentListByCourseResponse;
  getOnlineStudentListByCourseV2: tms.GetOnlineStudentListByCourseV2Response;
  getStudentInfo: tms.GetStudentInfoResponse;
  schoolMgrGetStudentInfo: tms.SchoolMgrGetStudentInfoResponse;
  delStudent: tms.DelStudentResponse;
  schoolMgrDelStudent: tms.SchoolMgrDelStudentResponse;
  downloadStudentTemplate: FileAnswer;
  studentMgrRefresh: tms.StudentMgrRefreshResponse;
  getTeacherCourseTable: tms.GetTeacherCourseTableResponse;
  getTeacherRecentCourse: tms.GetTeacherRecentCourseResponse;
  getTeacherReceivedWork: tms.GetTeacherReceivedWorkResponse;
  getTeachingCourse: tms.GetTeachingCourseResponse;
  getCourseWorkScore: tms.GetCourseWorkScoreResponse;
  getCourseWorkPassRate: tms.GetCourseWorkPassRateResponse;
  getCourseWorkPassRateV2: tms.GetCourseWorkPassRateV2Response;
  getCourseWorkDistribution: tms.GetCourseWorkDistributionResponse;
  getCourseWorkStatistics: tms.GetCourseWorkStatisticsResponse;
  getCourseWorkStatisticsV2: tms.GetCourseWorkStatisticsV2Response;
  trainingGet: tms.TrainingGetResponse;
  trainingCreate: tms.TrainingCreateResponse;
  trainingUpdateStatus: tms.TrainingUpdateStatusResponse;
  trainingList: tms.TrainingListResponse;
  trainingDelete: tms.TrainingDeleteResponse;
  trainingUpdateLeading: tms.TrainingUpdateLeadingResponse;
  trainingUpdateAdditional: tms.TrainingUpdateAdditionalResponse;
  trainingUpdateAscription: tms.TrainingUpdateAscriptionResponse;
  trainingUpdatePropaganda: tms.TrainingUpdatePropagandaResponse;
  trainingTagAdd: tms.TrainingTagAddResponse;
  trainingTagUpdate: tms.TrainingTagUpdateResponse;
  trainingTagDelete: tms.TrainingTagDeleteResponse;
  trainingTagListAll: tms.TrainingTagListAllResponse;
  trainingTagUpdateSort: tms.TrainingTagUpdateSortResponse;
  trainingTagClientList: tms.TrainingTagClientListResponse;
  trainingStudentList: tms.TrainingStudentListResponse;
  trainingStudentCollection: tms.TrainingStudentCollectionResponse;
  trainingStudentReportSubmit: tms.TrainingStudentReportSubmitResponse;
  trainingStudentReportList: tms.TrainingStudentReportListResponse;
  trainingTeacherClassOverview: tms.TrainingTeacherClassOverviewResponse;
  trainingTeacherCourseOverview: tms.TrainingTeacherCourseOverviewResponse;
  trainingTeacherCourseOverviewV2: tms.TrainingTeacherCourseOverviewV2Response;
  trainingStudentOverview: tms.TrainingStudentOverviewResponse;
  trainingTeacherClassFinishOverview: tms.TrainingTeacherClassFinishOverviewResponse;
  trainingTeacherCourseFinishOverview: tms.TrainingTeacherCourseFinishOverviewResponse;
  trainingTeacherCourseFinishOverviewV2: tms.TrainingTeacherCourseFinishOverviewV2Response;
  trainingClientOverview: tms.TrainingClientOverviewResponse;
  trainingTeacherFinishStatistics: tms.TrainingTeacherFinishStatisticsResponse;
  trainingTeacherFinishStatisticsByCourse: tms.TrainingTeacherFinishStatisticsByCourseResponse;
  trainingTeacherFinishStatisticsByCourseV2: tms.TrainingTeacherFinishStatisticsByCourseV2Response;
  trainingStudentFinishOverview: tms.TrainingStudentFinishOverviewResponse;
  trainingTeachList: tms.TrainingTeachListResponse;
  trainingTeacherStudentReportList: tms.TrainingTeacherStudentReportListResponse;
  trainingTeacherStudentReportListV2: tms.TrainingTeacherStudentReportListV2Response;
  trainingTeacherStudentFinishOverview: tms.TrainingTeacherStudentFinishOverviewResponse;
  trainingRecordSave: tms.TrainingRecordSaveResponse;
  trainingRecordGet: tms.TrainingRecordGetResponse;
  trainingRecordDelete: tms.TrainingRecordDeleteResponse;
  trainingStudentReportDetail: tms.TrainingStudentReportDetailResponse;
  trainingListByTag: tms.TrainingListByTagResponse;
  trainingExportByCourse: FileAnswer;
  trainingExportByCourseV2: FileAnswer;
  trainingGetDetail: tms.TrainingGetDetailResponse;
  trainingGetDetailByAdmin: tms.TrainingGetDetailByAdminResponse;
  trainingStudentGetDetail: tms.TrainingStudentGetDetailResponse;
  trainingStudentGetUrl: tms.TrainingStudentGetUrlResponse;
  trainingWeightUpdate: tms.TrainingWeightUpdateResponse;
  trainingWeightGetByClass: tms.TrainingWeightGetByClassResponse;
  auditApplyAdd: resource.AuditApplyAddResponse;
  auditApplyUpdate: resource.AuditApplyUpdateResponse;
  auditCancel: resource.AuditCancelResponse;
  auditApplyRemove: resource.AuditApplyRemoveResponse;
  auditApprove: resource.AuditApproveResponse;
  auditAdminRemovePublicResource: resource.AuditAdminRemovePublicResourceResponse;
  auditReject: resource.AuditRejectResponse;
  auditAdminList: resource.AuditAdminListResponse;
  auditUserList: resource.AuditUserListResponse;
  auditPublishToPublic: resource.AuditPublishToPublicResponse;
  auditApplyAddV2: resource.AuditApplyAddV2Response;
  auditApplyUpdateV2: resource.AuditApplyUpdateV2Response;
  auditCancelV2: resource.AuditCancelV2Response;
  courseRecommendList: resource.CourseRecommendListResponse;
  courseRecommendClientList: resource.CourseRecommendClientListResponse;
  courseRecommendStudyTreeList: resource.CourseRecommendStudyTreeListResponse;
  courseRecommendSave: resource.CourseRecommendSaveResponse;
  courseRecommendDelete: resource.CourseRecommendDeleteResponse;
  courseRecommendGet: resource.CourseRecommendGetResponse;
  examRepoTeacherCoursePaperList: resource.ExamRepoTeacherCoursePaperListResponse;
  examRepoList: resource.ExamRepoListResponse;
  examRepoQuestionList: resource.ExamRepoQuestionListResponse;
  examRepoTagList: resource.ExamRepoTagListResponse;
  examRepoDetail: resource.ExamRepoDetailResponse;
  examRepoPaperDetail: resource.ExamRepoPaperDetailResponse;
  examRepoCreatePaperTemplate: resource.ExamRepoCreatePaperTemplateResponse;
  examRepoCreatePaperTemplateEx: resource.ExamRepoCreatePaperTemplateExResponse;
  exerciseList: resource.ExerciseListResponse;
  exerciseListByTag: resource.ExerciseListByTagResponse;
  exerciseListById: resource.ExerciseListByIdResponse;
  exerciseUpdate: resource.ExerciseUpdateResponse;
  exerciseDelete: resource.ExerciseDeleteResponse;
  exerciseChoiceImport: resource.ExerciseChoiceImportResponse;
  exerciseQaImport: resource.ExerciseQaImportResponse;
  exerciseTagUpdate: resource.ExerciseTagUpdateResponse;
  exercisePaperTagUpdate: resource.ExercisePaperTagUpdateResponse;
  exercisePaperCreate: resource.ExercisePaperCreateResponse;
  exercisePaperList: resource.ExercisePaperListResponse;
  exercisePaperListByTag: resource.ExercisePaperListByTagResponse;
  exercisePaperGet: resource.ExercisePaperGetResponse;
  exercisePaperDelete: resource.ExercisePaperDeleteResponse;
  exercisePaperUpdate: resource.ExercisePaperUpdateResponse;
  exerciseChoiceImportModelGet: FileAnswer;
  exerciseQaImportModelGet: FileAnswer;
  exerciseGet: resource.ExerciseGetResponse;
  exerciseTagList: resource.ExerciseTagListResponse;
  exerciseTypeList: resource.ExerciseTypeListResponse;
  exercisePaperTagList: resource.ExercisePaperTagListResponse;
  orgBriefListByTag: resource.OrgBriefListByTagResponse;
  orgSearchList: resource.OrgSearchListResponse;
  orgGroupAdminSearchList: resource.OrgGroupAdminSearchListResponse;
  orgErlSearchList: resource.OrgErlSearchListResponse;
  orgSearchListByAdmin: resource.OrgSearchListByAdminResponse;
  orgGetInfo: resource.OrgGetInfoResponse;
  orgGetInfoByAdmin: resource.OrgGetInfoByAdminResponse;
  orgBatchPrivateList: resource.OrgBatchPrivateListResponse;
  orgBatchPublicList: resource.OrgBatchPublicListResponse;
  orgBatchPrivateListByAdmin: resource.OrgBatchPrivateListByAdminResponse;
  orgBatchPublicListByAdmin: resource.OrgBatchPublicListByAdminResponse;
  orgAddToPool: resource.OrgAddToPoolResponse;
  orgAddToPoolV2: resource.OrgAddToPoolV2Response;
  orgRemoveFromPool: resource.OrgRemoveFromPoolResponse;
  orgGroupAdminUpdateVisible: resource.OrgGroupAdminUpdateVisibleResponse;
  orgAdminUpdateVisible: resource.OrgAdminUpdateVisibleResponse;
  orgAdminDeleteFromPool: resource.OrgAdminDeleteFromPoolResponse;
  orgGetExercisePaperBank: resource.OrgGetExercisePaperBankResponse;
  permissionUserResourceBatchBind: resource.PermissionUserResourceBatchBindResponse;
  permissionUserResourceBatchUnbind: resource.PermissionUserResourceBatchUnbindResponse;
  permissionUserResourceGroupBatchBind: resource.PermissionUserResourceGroupBatchBindResponse;
  permissionUserResourceGroupBatchUnbind: resource.PermissionUserResourceGroupBatchUnbindResponse;
  permissionUserGroupResourceGroupBind: resource.PermissionUserGroupResourceGroupBindResponse;
  permissionUserGroupResourceGroupUnbind: resource.PermissionUserGroupResourceGroupUnbindResponse;
  permissionGetUserListByResource: resource.PermissionGetUserListByResourceResponse;
  permissionGetUsersByResourceGroup: resource.PermissionGetUsersByResourceGroupResponse;
  permissionGetUserGroupsByResourceGroup: resource.PermissionGetUserGroupsByResourceGroupResponse;
  permissionGetUserAllResourceIds: resource.PermissionGetUserAllResourceIdsResponse;
  permissionGetUserAllResourceIdsByAdmin: resource.PermissionGetUserAllResourceIdsByAdminResponse;
  permissionGetByUserAndResource: resource.PermissionGetByUserAndResourceResponse;
  permissionGetUserAllResourceGroups: resource.PermissionGetUserAllResourceGroupsResponse;
  permissionGetUserGroupResourceGroups: resource.PermissionGetUserGroupResourceGroupsResponse;
  permissionGetUserGroupAllResourceGroups: resource.PermissionGetUserGroupAllResourceGroupsResponse;
  privateResourceAdd: resource.PrivateResourceAddResponse;
  privateResourceUpdate: resource.PrivateResourceUpdateResponse;
  privateResourceUpdateFile: resource.PrivateResourceUpdateFileResponse;
  privateResourceUpdateDataFile: resource.PrivateResourceUpdateDataFileResponse;
  privateResourceCreateByFile: resource.PrivateResourceCreateByFileResponse;
  privateResourceBackup: resource.PrivateResourceBackupResponse;
  privateResourceRestore: resource.PrivateResourceRestoreResponse;
  privateGetOnlineCsvHeaders: resource.PrivateGetOnlineCsvHeadersResponse;
  privateGetFileCsvHeaders: resource.PrivateGetFileCsvHeadersResponse;
  privateResourceGet: resource.PrivateResourceGetResponse;
  privateResourceGetByResourceId: resource.PrivateResourceGetByResourceIdResponse;
  privateBackupList: resource.PrivateBackupListResponse;
  privateBackupListByAdmin: resource.PrivateBackupListByAdminResponse;
  privateBatchInfoList: resource.PrivateBatchInfoListResponse;
  privateResourceGetByAdmin: resource.PrivateResourceGetByAdminResponse;
  privateResourceDelete: resource.PrivateResourceDeleteResponse;
  privateResourceBatchDelete: resource.PrivateResourceBatchDeleteResponse;
  privateDeleteOldVersion: resource.PrivateDeleteOldVersionResponse;
  privateTagGetList: resource.PrivateTagGetListResponse;
  privateResourceGetList: resource.PrivateResourceGetListResponse;
  privateResourceGetListByAdmin: resource.PrivateResourceGetListByAdminResponse;
  privateAdminUpdateVisible: resource.PrivateAdminUpdateVisibleResponse;
  privateParentList: resource.PrivateParentListResponse;
  privateParentListV2: resource.PrivateParentListV2Response;
  privateGetDetailAndSubResources: resource.PrivateGetDetailAndSubResourcesResponse;
  privateBatchVersion: resource.PrivateBatchVersionResponse;
  privateGetResourcesBindDetail: resource.PrivateGetResourcesBindDetailResponse;
  privateGetExerciseBank: resource.PrivateGetExerciseBankResponse;
  privateGetPaperBank: resource.PrivateGetPaperBankResponse;
  productList: resource.ProductListResponse;
  productInfo: resource.ProductInfoResponse;
  productInfoByProductNo: resource.ProductInfoByProductNoResponse;
  productSave: resource.ProductSaveResponse;
  productUpdate: resource.ProductUpdateResponse;
  productDelete: resource.ProductDeleteResponse;
  productPermissionUserList: resource.ProductPermissionUserListResponse;
  productPermissionUserInfo: resource.ProductPermissionUserInfoResponse;
  productPermissionUserAdd: resource.ProductPermissionUserAddResponse;
  productPermissionUserDelete: resource.ProductPermissionUserDeleteResponse;
  publicParentTagList: resource.PublicParentTagListResponse;
  publicParentTagInfo: resource.PublicParentTagInfoResponse;
  publicTagTreeList: resource.PublicTagTreeListResponse;
  publicBriefListByTag: resource.PublicBriefListByTagResponse;
  publicSearchDataAndInterface: resource.PublicSearchDataAndInterfaceResponse;
  publicAuthorizedSearchList: resource.PublicAuthorizedSearchListResponse;
  publicSearchListByAdmin: resource.PublicSearchListByAdminResponse;
  publicGetList: resource.PublicGetListResponse;
  publicPermissionList: resource.PublicPermissionListResponse;
  publicHottestList: resource.PublicHottestListResponse;
  publicNewestList: resource.PublicNewestListResponse;
  publicRecentOpenList: resource.PublicRecentOpenListResponse;
  publicRecentOpenPageList: resource.PublicRecentOpenPageListResponse;
  publicInfo: resource.PublicInfoResponse;
  publicBatchInfo: resource.PublicBatchInfoResponse;
  publicGetExerciseBank: resource.PublicGetExerciseBankResponse;
  publicParentList: resource.PublicParentListResponse;
  publicDelete: resource.PublicDeleteResponse;
  publicApplyDownloadUrl: resource.PublicApplyDownloadUrlResponse;
  publicGetSubResources: resource.PublicGetSubResourcesResponse;
  publicCourseSubResourceCountStatistics: resource.PublicCourseSubResourceCountStatisticsResponse;
  publicGetPaperBank: resource.PublicGetPaperBankResponse;
  readRecordList: resource.ReadRecordListResponse;
  readRecordReading: resource.ReadRecordReadingResponse;
  readRecordReadingV2: resource.ReadRecordReadingV2Response;
  readRecordGetResourceReadInfo: resource.ReadRecordGetResourceReadInfoResponse;
  readRecordGetUserReadResourceInfo: resource.ReadRecordGetUserReadResourceInfoResponse;
  readRecordTotalReadTimeStatistics: resource.ReadRecordTotalReadTimeStatisticsResponse;
  readRecordReadUserCount: resource.ReadRecordReadUserCountResponse;
  readRecordReadUserCountV2: resource.ReadRecordReadUserCountV2Response;
  readRecordGetLatestReadCourseInfo: resource.ReadRecordGetLatestReadCourseInfoResponse;
  spaceTemplateList: resource.SpaceTemplateListResponse;
  spaceTemplateInfo: resource.SpaceTemplateInfoResponse;
  spaceTemplateSave: resource.SpaceTemplateSaveResponse;
  spaceTemplateUpdate: resource.SpaceTemplateUpdateResponse;
  spaceTemplateDelete: resource.SpaceTemplateDeleteResponse;
  spaceTemplateUserBind: resource.SpaceTemplateUserBindResponse;
  spaceTemplateUserUnbind: resource.SpaceTemplateUserUnbindResponse;
  spaceTemplateUserList: resource.SpaceTemplateUserListResponse;
  spaceTemplateGroupBind: resource.SpaceTemplateGroupBindResponse;
  spaceTemplateGroupUnbind: resource.SpaceTemplateGroupUnbindResponse;
  spaceTemplateGroupList: resource.SpaceTemplateGroupListResponse;
  spaceUserList: resource.SpaceUserListResponse;
  spaceUserInfo: resource.SpaceUserInfoResponse;
  spaceUserInfoByAdmin: resource.SpaceUserInfoByAdminResponse;
  spaceApplyPublicUploadUrl: resource.SpaceApplyPublicUploadUrlResponse;
  spaceApplyPublicUploadUrlByAdmin: resource.SpaceApplyPublicUploadUrlByAdminResponse;
  resourceStatisticsOverview: resource.ResourceStatisticsOverviewResponse;
  resourceStatisticsCountProductResource: resource.ResourceStatisticsCountProductResourceResponse;
  resourceStatisticsCountUserResource: resource.ResourceStatisticsCountUserResourceResponse;
  resourceStatisticsCountUserPublicResource: resource.ResourceStatisticsCountUserPublicResourceResponse;
  resourceStatisticsUserCourseOverview: resource.ResourceStatisticsUserCourseOverviewResponse;
  resourceStatisticsDailyStudyUserNum: resource.ResourceStatisticsDailyStudyUserNumResponse;
  resourceStatisticsReadUserCourseRank: resource.ResourceStatisticsReadUserCourseRankResponse;
  resourceStatisticsReadTimeCourseRank: resource.ResourceStatisticsReadTimeCourseRankResponse;
  resourceStatisticsReadUserRank: resource.ResourceStatisticsReadUserRankResponse;
  resourceStatisticsUserReadInfo: resource.ResourceStatisticsUserReadInfoResponse;
  resourceTagAdd: resource.ResourceTagAddResponse;
  resourceTagUpdate: resource.ResourceTagUpdateResponse;
  resourceTagDelete: resource.ResourceTagDeleteResponse;
  resourceTagGet: resource.ResourceTagGetResponse;
  resourceTagGetByAdmin: resource.ResourceTagGetByAdminResponse;
  resourceTagGetByPage: resource.ResourceTagGetByPageResponse;
  resourceSubtagGet: resource.ResourceSubtagGetResponse;
  resourceSubtagGetByAdmin: resource.ResourceSubtagGetByAdminResponse;
  resourceTagDetailGet: resource.ResourceTagDetailGetResponse;
  resourceTagGetList: resource.ResourceTagGetListResponse;
  resourceTagGetPublicList: resource.ResourceTagGetPublicListResponse;
  resourceTagGetOrgList: resource.ResourceTagGetOrgListResponse;
  resourceTagGetListByIds: resource.ResourceTagGetListByIdsResponse;
  resourceTagGetCourseNameList: resource.ResourceTagGetCourseNameListResponse;
  resourceTagGetNameListByType: resource.ResourceTagGetNameListByTypeResponse;
  sendSmsCode: support.SendSmsCodeResponse;
  getUserStrategyPool: support.GetUserStrategyPoolResponse;
  getStrategyDetailPerformance: support.GetStrategyDetailPerformanceResponse;
  getUstSTPerformance: support.GetUstStPerformanceResponse;
  getStrategyCodeText: support.GetStrategyCodeTextResponse;
  downloadStrategyCode: FileAnswer;
  getStrategyBaseInfo: support.GetStrategyBaseInfoResponse;
  forumTagAdd: cms.ForumTagAddResponse;
  forumTagAddSys: cms.ForumTagAddSysResponse;
  forumTagDelete: cms.ForumTagDeleteResponse;
  forumTagListRead: cms.ForumTagListReadResponse;
  forumTagList: cms.ForumTagListResponse;
  forumTagListAll: cms.ForumTagListAllResponse;
  forumTagUpdateSort: cms.ForumTagUpdateSortResponse;
  forumSubForumAdd: cms.ForumSubForumAddResponse;
  forumSubForumAddSys: cms.ForumSubForumAddSysResponse;
  forumSubForumDelete: cms.ForumSubForumDeleteResponse;
  forumSubForumList: cms.ForumSubForumListResponse;
  forumSubForumListAll: cms.ForumSubForumListAllResponse;
  forumSubForumUpdateSort: cms.ForumSubForumUpdateSortResponse;
  forumPostAdd: cms.ForumPostAddResponse;
  forumPostAddByAdmin: cms.ForumPostAddByAdminResponse;
  forumPostUpdate: cms.ForumPostUpdateResponse;
  forumPostUpdateByAdmin: cms.ForumPostUpdateByAdminResponse;
  forumPostList: cms.ForumPostListResponse;
  forumPostSearch: cms.ForumPostSearchResponse;
  forumPostDraftList: cms.ForumPostDraftListResponse;
  forumPostDetail: cms.ForumPostDetailResponse;
  forumPostDetailByAdmin: cms.ForumPostDetailByAdminResponse;
  forumPostListPersonal: cms.ForumPostListPersonalResponse;
  forumPostListInner: cms.ForumPostListInnerResponse;
  forumPostSearchInnerList: cms.ForumPostSearchInnerListResponse;
  forumPostSearchInnerByName: cms.ForumPostSearchInnerByNameResponse;
  forumPostAuthorSearch: cms.ForumPostAuthorSearchResponse;
  forumPostDelete: cms.ForumPostDeleteResponse;
  forumPostDeleteByAdmin: cms.ForumPostDeleteByAdminResponse;
  forumPostUpdateTopStatus: cms.ForumPostUpdateTopStatusResponse;
  forumPostUpdateHighlightStatus: cms.ForumPostUpdateHighlightStatusResponse;
  forumPostUpdateSortPri: cms.ForumPostUpdateSortPriResponse;
  forumPostUserEdit: cms.ForumPostUserEditResponse;
  forumPostUserInnerEdit: cms.ForumPostUserInnerEditResponse;
  forumPostThumbsUp: cms.ForumPostThumbsUpResponse;
  forumPostCollect: cms.ForumPostCollectResponse;
  forumPostCancelCollect: cms.ForumPostCancelCollectResponse;
  forumCommentAdd: cms.ForumCommentAddResponse;
  forumCommentDelete: cms.ForumCommentDeleteResponse;
  forumCommentList: cms.ForumCommentListResponse;
  forumCommentUp: cms.ForumCommentUpResponse;
  newsTagAdd: cms.NewsTagAddResponse;
  newsTagDelete: cms.NewsTagDeleteResponse;
  newsTagList: cms.NewsTagListResponse;
  newsTagListAll: cms.NewsTagListAllResponse;
  newsTagUpdateSort: cms.NewsTagUpdateSortResponse;
  newsAdd: cms.NewsAddResponse;
  newsUpdate: cms.NewsUpdateResponse;
  newsList: cms.NewsListResponse;
  newsSearch: cms.NewsSearchResponse;
  newsListDetail: cms.NewsListDetailResponse;
  newsSearchDetail: cms.NewsSearchDetailResponse;
  newsDetail: cms.NewsDetailResponse;
  newsFullInfo: cms.NewsFullInfoResponse;
  newsDelete: cms.NewsDeleteResponse;
  newsTagIdByName: cms.NewsTagIdByNameResponse;
  newsListInner: cms.NewsListInnerResponse;
  newsListByTagName: cms.NewsListByTagNameResponse;
  newsGetByTime: cms.NewsGetByTimeResponse;
  userSettingGet: cms.UserSettingGetResponse;
  userSettingSave: cms.UserSettingSaveResponse;
  userSettingDelete: cms.UserSettingDeleteResponse;
  nodeCenterGetImageConfig: node.NodeCenterGetImageConfigResponse;
  nodeCenterGetCciStatus: node.NodeCenterGetCciStatusResponse;
  nodeCenterRefreshUseTime: node.NodeCenterRefreshUseTimeResponse;
  rdsGroupPrivilegeAdd: node.RdsGroupPrivilegeAddResponse;
  rdsGroupPrivilegeUpdate: node.RdsGroupPrivilegeUpdateResponse;
  rdsGroupPrivilegeDelete: node.RdsGroupPrivilegeDeleteResponse;
  rdsGroupPrivilegeGet: node.RdsGroupPrivilegeGetResponse;
  rdsGroupPrivilegeList: node.RdsGroupPrivilegeListResponse;
  rdsGroupPrivilegeListByUser: node.RdsGroupPrivilegeListByUserResponse;
  rdsExecuteSql: node.RdsExecuteSqlResponse;
  rdsBackup: node.RdsBackupResponse;
  rdsTaskList: node.RdsTaskListResponse;
  rdsRestore: node.RdsRestoreResponse;
  rdsBackupDelete: node.RdsBackupDeleteResponse;
  rdsImportCsv: node.RdsImportCsvResponse;
  rdsImportTable: node.RdsImportTableResponse;
  rdsTaskStatus: node.RdsTaskStatusResponse;
  rdsPrivilegeRefresh: node.RdsPrivilegeRefreshResponse;
  rdsPrivilegeList: node.RdsPrivilegeListResponse;
  handleLogList: node.HandleLogListResponse;
  cciRefreshUseTime: node.CciRefreshUseTimeResponse;
  cciBoot: node.CciBootResponse;
  cciListNode: node.CciListNodeResponse;
  cciShutdown: node.CciShutdownResponse;
  userNodeListRunning: node.UserNodeListRunningResponse;
  cciGetStatus: node.CciGetStatusResponse;
  cciNodeResourceInfo: node.CciNodeResourceInfoResponse;
  cciLocalUserIsExist: node.CciLocalUserIsExistResponse;
  nodeAreaZoneList: node.NodeAreaZoneListResponse;
  cciImageConfig: node.CciImageConfigResponse;
  imageConfigSave: node.ImageConfigSaveResponse;
  imageConfigList: node.ImageConfigListResponse;
  cciMonitorQueryByFile: node.CciMonitorQueryByFileResponse;
}
