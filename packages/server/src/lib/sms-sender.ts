/** Delivers SMS codes. Without a gateway the code goes to the server log. */
export interface SmsSender {
  send(phone: string, code: string): Promise<void>;
}

export const consoleSmsSender: SmsSender = {
  async send(phone, code) {
    console.log(`[短信] 手机号 ${phone} 验证码 ${code}（未配置短信网关，仅写入日志）`);
  },
};
