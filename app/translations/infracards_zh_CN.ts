<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>app::CardView</name>
    <message>
        <source>Open this link from the card in your web browser?

%1

It goes to %2.</source>
        <translation>要在网页浏览器中打开卡片里的这个链接吗？

%1

它指向 %2。</translation>
    </message>
    <message>
        <source>Open link</source>
        <translation>打开链接</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../gui/main.cpp" line="+80"/>
        <location line="+123"/>
        <location line="+12"/>
        <source>InfraCards</source>
        <translation>InfraCards</translation>
    </message>
    <message>
        <location line="-134"/>
        <source>The backup could not be restored:
%1</source>
        <translation>无法恢复备份：
%1</translation>
    </message>
    <message>
        <location line="+123"/>
        <source>The collection could not be opened:
%1

Restore the newest good backup (%2)? The damaged file is kept as a before-restore backup.</source>
        <translation>无法打开卡片集：
%1

要恢复最新的完好备份（%2）吗？损坏的文件会作为恢复前备份保留。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The collection could not be opened:
%1</source>
        <translation>无法打开卡片集：
%1</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <location filename="../gui/card_info.cpp" line="+29"/>
        <source>New: not studied yet.</source>
        <translation>新卡：还没有学过。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Due %1 (%2) · interval %3 d · ease %4 · lapses %5</source>
        <translation>到期 %1（%2）· 间隔 %3 天 · 难度系数 %4 · 遗忘 %5 次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>today</source>
        <translation>今天</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>in %1 d</source>
        <translation>%1 天后</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Predicted recall (FSRS-6): today %1 · in 7 days %2</source>
        <translation>预测记忆率（FSRS-6）：今天 %1 · 7 天后 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> · at %1 on %2: %3</source>
        <translation> · %2 的 %1：%3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> · stability %1 d</source>
        <translation> · 稳定度 %1 天</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No review history to predict recall from.</source>
        <translation>没有复习记录，无法预测记忆率。</translation>
    </message>
    <message>
        <source>Formula too complex to show (nested more than %1 levels)</source>
        <translation>公式过于复杂，无法显示（嵌套超过 %1 层）</translation>
    </message>
    <message>
        <source>The card page stopped while drawing this card; it is shown without its formulas.</source>
        <translation>卡片页面在绘制这张卡时停止了；现以不含公式的方式显示。</translation>
    </message>
    <message>
        <source>This collection is read-only: answers will not be saved.</source>
        <translation>此卡片集是只读的：作答不会被保存。</translation>
    </message>
    <message>
        <source>Built-in deck: %1 new, %2 updated cards.</source>
        <translation>内置题库：新增 %1 张，更新 %2 张。</translation>
    </message>
</context>
<context>
    <name>app::BrowsePage</name>
    <message>
        <location filename="../gui/browse_page.cpp" line="+58"/>
        <source>(not stated)</source>
        <translation>（未注明）</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>interviewed %1</source>
        <translation>面试于 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reported %1</source>
        <translation>报告于 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>item %1</source>
        <translation>第 %1 题</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Company / round / role</source>
        <translation>公司 / 轮次 / 岗位</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cards</source>
        <translation>卡片</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reports</source>
        <translation>面经</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Search questions and answers (中文 or English)</source>
        <translation>搜索题目和答案</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>All topics</source>
        <translation>全部主题</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Level </source>
        <translation>等级 </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>to </source>
        <translation>至 </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Any state</source>
        <translation>任意状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New</source>
        <translation>新卡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Due today</source>
        <translation>今日到期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Learning</source>
        <translation>学习中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Suspended</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leeches (8+ lapses)</source>
        <translation>顽固卡（遗忘 8 次以上）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Count only the reports of these positions</source>
        <translation>只统计这些岗位的面经</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All positions</source>
        <translation>所有岗位</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AI-infrastructure positions</source>
        <translation>AI Infra 相关岗位</translation>
    </message>
    <message>
        <location line="+48"/>
        <location line="+215"/>
        <source>Sightings</source>
        <translation>面经记录</translation>
    </message>
    <message>
        <location line="-211"/>
        <source>Double-click a sighting to open its report in your browser</source>
        <translation>双击一条面经记录，在浏览器中打开原面经</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+242"/>
        <source>Suspend</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location line="-241"/>
        <source>Bury until tomorrow</source>
        <translation>搁置到明天</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No flag</source>
        <translation>无标记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Red flag</source>
        <translation>红色标记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Orange flag</source>
        <translation>橙色标记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Green flag</source>
        <translation>绿色标记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Blue flag</source>
        <translation>蓝色标记</translation>
    </message>
    <message numerus="yes">
        <location line="+79"/>
        <location line="+17"/>
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n 张卡片</numerusform>
        </translation>
    </message>
    <message>
        <location line="-16"/>
        <source>The list could not be read: %1</source>
        <translation>无法读取列表：%1</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>All cards</source>
        <translation>全部卡片</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The sightings could not be read: %1</source>
        <translation>无法读取面经记录：%1</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>Select a card to see its answer and who asked it.</source>
        <translation>选择一张卡片，查看答案以及哪些公司问过。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Key points</source>
        <translation>要点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sources</source>
        <translation>参考来源</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sightings (%1)</source>
        <translation>面经记录（%1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No source link</source>
        <translation>无来源链接</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No interview report lists this question yet.</source>
        <translation>还没有面经提到这道题。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unsuspend</source>
        <translation>取消暂停</translation>
    </message>
    <message>
        <source>What this company asks most…</source>
        <translation>这家公司最常问什么…</translation>
    </message>
    <message>
        <source>Its cards ranked by how many of its reports asked them, with your predicted recall</source>
        <translation>按这家公司的面经提问次数给卡片排序，并显示你的预测记忆率</translation>
    </message>
</context>
<context>
    <name>app::CardEditDialog</name>
    <message>
        <location filename="../gui/card_edit_dialog.cpp" line="+42"/>
        <source>Edit card %1</source>
        <translation>编辑卡片 %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Question</source>
        <translation>题目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>English</source>
        <translation>英文</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Topic</source>
        <translation>主题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Level (1-10)</source>
        <translation>等级（1-10）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Answer (Markdown, $math$)</source>
        <translation>答案（Markdown，公式用 $math$）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Key points (one a line)</source>
        <translation>要点（每行一条）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tags (comma-separated)</source>
        <translation>标签（逗号分隔）</translation>
    </message>
</context>
<context>
    <name>app::CardTableModel</name>
    <message>
        <location filename="../gui/card_table_model.cpp" line="+49"/>
        <source>today</source>
        <translation>今天</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n d overdue</source>
        <translation>
            <numerusform>逾期 %n 天</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>in %n d</source>
        <translation>
            <numerusform>%n 天后</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>suspended</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>buried</source>
        <translation>已搁置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>new</source>
        <translation>新卡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>learning</source>
        <translation>学习中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>due</source>
        <translation>到期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>young</source>
        <translation>未熟练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mature</source>
        <translation>已熟练</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1, leech</source>
        <translation>%1，顽固卡</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Question</source>
        <translation>题目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Topic</source>
        <translation>主题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Level</source>
        <translation>等级</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Due</source>
        <translation>到期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Companies</source>
        <translation>公司</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reports</source>
        <translation>面经</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lapses</source>
        <translation>遗忘次数</translation>
    </message>
</context>
<context>
    <name>app::DemoPanel</name>
    <message>
        <location filename="../gui/demo_panel.cpp" line="+53"/>
        <source>在本机 GPU 上运行</source>
        <translation>在本机 GPU 上运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run on this GPU</source>
        <translation>在本机 GPU 上运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>取消</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>变体</source>
        <translation>变体</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>时间 (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>吞吐</source>
        <translation>吞吐</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>上限</source>
        <translation>上限</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>比例</source>
        <translation>比例</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>正确</source>
        <translation>正确</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Throughput</source>
        <translation>吞吐</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Limit</source>
        <translation>上限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ratio</source>
        <translation>比例</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>没有找到 infracards-kernels（需要 CUDA 构建）。</source>
        <translation>没有找到 infracards-kernels（需要 CUDA 构建）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>infracards-kernels was not found (it needs a CUDA build).</source>
        <translation>没有找到 infracards-kernels（需要 CUDA 构建）。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>无法启动 %1：%2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>正在 GPU 上运行…</source>
        <translation>正在 GPU 上运行…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Running on the GPU…</source>
        <translation>正在 GPU 上运行…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>已取消。</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>运行超过 %1 秒，已停止。</source>
        <translation>运行超过 %1 秒，已停止。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stopped after %1 s without a result.</source>
        <translation>运行 %1 秒仍无结果，已停止。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>infracards-kernels 异常退出：%1</source>
        <translation>infracards-kernels 异常退出：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>infracards-kernels crashed: %1</source>
        <translation>infracards-kernels 异常退出：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>刚刚在 %1 上测得（驱动 %2）。</source>
        <translation>刚刚在 %1 上测得（驱动 %2）。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Measured just now on %1 (driver %2).</source>
        <translation>刚刚在 %1 上测得（驱动 %2）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> 有正确性检查未通过。</source>
        <translation> 有正确性检查未通过。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> A correctness check FAILED.</source>
        <translation> 有正确性检查未通过。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>没有这个演示的参考结果。</source>
        <translation>没有这个演示的参考结果。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No recorded results for this demo.</source>
        <translation>没有这个演示的参考结果。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>显示的是 %1 上于 %2 录制的参考结果（驱动 %3），不是本机的测量。</source>
        <translation>显示的是 %1 上于 %2 录制的参考结果（驱动 %3），不是本机的测量。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Showing reference results recorded on %1 on %2 (driver %3), not a measurement of this machine.</source>
        <translation>显示的是 %1 上于 %2 录制的参考结果（驱动 %3），不是本机的测量。</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>占上限的百分比</source>
        <translation>占上限的百分比</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>% of the limit</source>
        <translation>占上限的百分比</translation>
    </message>
    <message>
        <source>Against the library</source>
        <translation>对比库实现</translation>
    </message>
    <message>
        <source>%1× %2</source>
        <translation>%2 的 %1 倍</translation>
    </message>
    <message>
        <source>%1 absent</source>
        <translation>%1 未运行</translation>
    </message>
    <message>
        <source>library (%1)</source>
        <translation>库实现（%1）</translation>
    </message>
    <message>
        <source>µs per launch</source>
        <translation>每次运行的 µs</translation>
    </message>
    <message>
        <source>ms from the start of one batch (%1: one colour per stream)</source>
        <translation>从一批开始计的 ms（%1；每个 stream 一种颜色）</translation>
    </message>
    <message>
        <source>copy to GPU</source>
        <translation>拷到 GPU</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>kernel</translation>
    </message>
    <message>
        <source>copy to host</source>
        <translation>拷回主机</translation>
    </message>
</context>
<context>
    <name>app::FormulaPanel</name>
    <message>
        <location filename="../gui/formula_panel.cpp" line="+69"/>
        <source>模型预设…</source>
        <translation>模型预设…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Model preset…</source>
        <translation>模型预设…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>GPU 预设…</source>
        <translation>GPU 预设…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPU preset…</source>
        <translation>GPU 预设…</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>No calculator for &apos;%1&apos;</source>
        <translation>“%1”没有对应的计算器</translation>
    </message>
    <message>
        <location line="+154"/>
        <source>memory roof %1 GB/s</source>
        <translation>访存上限 %1 GB/s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>compute roof %1 TFLOP/s</source>
        <translation>算力上限 %1 TFLOP/s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>this kernel: %1 FLOP/B</source>
        <translation>当前 kernel：%1 FLOP/B</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>arithmetic intensity [FLOP/B]</source>
        <translation>算术强度 [FLOP/B]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attainable [TFLOP/s]</source>
        <translation>可达性能 [TFLOP/s]</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Roofline (ridge at %1 FLOP/B)</source>
        <translation>Roofline（拐点 %1 FLOP/B）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>micro-batches per step m</source>
        <translation>每步 micro-batch 数 m</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>bubble share of step time [%]</source>
        <translation>bubble 占每步时间比例 [%]</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>GPipe / 1F1B, p = %1</source>
        <translation>GPipe / 1F1B，p = %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>interleaved, p = %1, v = %2</source>
        <translation>interleaved，p = %1，v = %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>m = %1</source>
        <translation>m = %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pipeline bubble against micro-batches</source>
        <translation>流水线 bubble 随 micro-batch 数的变化</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>data-parallel ranks Nd</source>
        <translation>数据并行 rank 数 Nd</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>model states per GPU [GB, 10^9 B]</source>
        <translation>每 GPU 模型状态 [GB，10^9 B]</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>baseline DP</source>
        <translation>基线 DP</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ZeRO-1</source>
        <translation>ZeRO-1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ZeRO-2</source>
        <translation>ZeRO-2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ZeRO-3</source>
        <translation>ZeRO-3</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Nd = %1</source>
        <translation>Nd = %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Memory per GPU against ZeRO stage and data-parallel size</source>
        <translation>每 GPU 显存随 ZeRO 阶段和数据并行规模的变化</translation>
    </message>
</context>
<context>
    <name>app::HomePage</name>
    <message>
        <location filename="../gui/home_page.cpp" line="+20"/>
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Start review (Enter)</source>
        <translation>开始复习 (Enter)</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The collection could not be read.</source>
        <translation>无法读取卡片集。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Due today: %1 reviews · %2 new · %3 to repeat</source>
        <translation>今日待办：复习 %1 · 新卡 %2 · 重练 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 cards in %2 topics · %3 new, %4 young, %5 mature · %6 answers today, %7 in all</source>
        <translation>%1 张卡片，%2 个主题 · 新卡 %3，未熟练 %4，已熟练 %5 · 今日作答 %6 次，累计 %7 次</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Streak: %n day(s) in a row</source>
        <translation>
            <numerusform>已连续学习 %n 天</numerusform>
        </translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1/%2 (%3 %, %4) on %5</source>
        <translation>%5：%1/%2（%3 %，%4）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not passed</source>
        <translation>未通过</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recent mock interviews: %1</source>
        <translation>最近的模拟面试：%1</translation>
    </message>
</context>
<context>
    <name>app::ImportDialog</name>
    <message>
        <source>Read as</source>
        <translation>识别为</translation>
    </message>
    <message>
        <source>numbered item</source>
        <translation>编号条目</translation>
    </message>
    <message>
        <source>list item</source>
        <translation>列表条目</translation>
    </message>
    <message>
        <source>heading</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>interviewer&apos;s words</source>
        <translation>面试官原话</translation>
    </message>
    <message>
        <source>line of its own</source>
        <translation>单独一行</translation>
    </message>
    <message>
        <source>subject under a label</source>
        <translation>标签下的主题</translation>
    </message>
    <message>
        <source>from a paragraph</source>
        <translation>摘自段落</translation>
    </message>
    <message>
        <source>chosen by you</source>
        <translation>由你指定</translation>
    </message>
    <message>
        <source>sure</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>likely</source>
        <translation>较可能</translation>
    </message>
    <message>
        <source>unsure</source>
        <translation>不确定</translation>
    </message>
    <message>
        <source>How the importer recognised this line as a question, and how sure that makes it. Right-click a row if it is an answer, or if a line of its answer is a question.</source>
        <translation>导入器凭什么把这一行识别为问题，以及有多大把握。若这一行其实是回答，或它的回答里有一行其实是问题，请右键点击该行。</translation>
    </message>
    <message>
        <source>Read as its answer:</source>
        <translation>识别为它的回答：</translation>
    </message>
    <message>
        <source>This line is the answer to the question above</source>
        <translation>这一行是上一题的回答</translation>
    </message>
    <message>
        <source>A line of its answer is a question</source>
        <translation>它的回答中有一行是问题</translation>
    </message>
    <message>
        <location filename="../gui/import_dialog.cpp" line="+107"/>
        <location line="+52"/>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Paste an interview report here (company, round, numbered questions), or open a file: .txt .md .csv .tsv .json .apkg .colpkg</source>
        <translation>在此粘贴面经（公司、轮次、编号的题目），或打开文件：.txt .md .csv .tsv .json .apkg .colpkg</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open File…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>How alike two questions must be (character n-gram Jaccard) to count as the same card</source>
        <translation>两道题相似到什么程度（字符 n-gram Jaccard）才算同一张卡片</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Match threshold</source>
        <translation>匹配阈值</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Company</source>
        <translation>公司</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Role</source>
        <translation>岗位</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Questions</source>
        <translation>题目数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Double-click a company, round or role to correct it</source>
        <translation>双击公司、轮次或岗位可修改</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Report</source>
        <translation>面经</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Question</source>
        <translation>题目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Proposed match</source>
        <translation>建议匹配</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Topic</source>
        <translation>主题</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>Import file</source>
        <translation>导入文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interview reports and decks (*.txt *.md *.csv *.tsv *.json *.apkg *.colpkg);;All files (*)</source>
        <translation>面经和卡组 (*.txt *.md *.csv *.tsv *.json *.apkg *.colpkg);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>File: %1 (%2 KB)</source>
        <translation>文件：%1（%2 KB）</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>%1: no questions found</source>
        <translation>%1：没有找到题目</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Not a known company: &quot;%1&quot;. Type the name to record it.</source>
        <translation>未知公司：“%1”。请输入公司名称以记录。</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>card %1</source>
        <translation>卡片 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
    <message>
        <source>new (closest: %1)</source>
        <translation>新卡（最接近：%1）</translation>
    </message>
    <message>
        <source>Double-click to choose: the proposed card, another close card, a new card, or leave the line out when it is not a question.</source>
        <translation>双击选择：建议的卡片、另一张相近的卡片、新卡，或在这一行不是问题时将其略去。</translation>
    </message>
    <message>
        <source>%1  %2</source>
        <translation>%1  %2</translation>
    </message>
    <message>
        <source>not a question: leave out</source>
        <translation>不是问题：略去</translation>
    </message>
    <message>
        <source>%1 reviews come with it, %2 of them for cards already here (merged by answer time after a backup).</source>
        <translation>随附 %1 次复习记录，其中 %2 次属于已有卡片（先备份，再按作答时间合并）。</translation>
    </message>
    <message>
        <source>Nothing was imported: the backup before merging reviews failed: %1</source>
        <translation>没有导入任何内容：合并复习记录前的备份失败：%1</translation>
    </message>
    <message>
        <source>1 line left out.</source>
        <translation>略去 1 行。</translation>
    </message>
    <message>
        <source>%1 lines left out.</source>
        <translation>略去 %1 行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>new</source>
        <translation>新卡</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>(choose)</source>
        <translation>（请选择）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Double-click to change. Confidence %1</source>
        <translation>双击可修改。置信度 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keywords: %1</source>
        <translation>关键词：%1</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>1 report</source>
        <translation>1 份面经</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 reports</source>
        <translation>%1 份面经</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2, %3.</source>
        <translation>%1：%2，%3。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 question</source>
        <translation>1 道题</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 questions</source>
        <translation>%1 道题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 new card</source>
        <translation>新建 1 张卡片</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 new cards</source>
        <translation>新建 %1 张卡片</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sightings on 1 existing card</source>
        <translation>为 1 张已有卡片添加面经记录</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>sightings on %1 existing cards</source>
        <translation>为 %1 张已有卡片添加面经记录</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Nothing was imported: %1</source>
        <translation>未导入任何内容：%1</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop reading this file; the collection is not changed</source>
        <translation>停止读取这个文件；卡片集不会改变</translation>
    </message>
    <message>
        <source>The preview was stopped; the collection is unchanged.</source>
        <translation>预览已停止；卡片集没有改变。</translation>
    </message>
    <message>
        <source>Bring study progress from Anki</source>
        <translation>带上 Anki 的学习进度</translation>
    </message>
    <message>
        <source>For an Anki package: keep each new card&apos;s intervals, ease, due day and review log</source>
        <translation>用于 Anki 卡组包：保留每张新卡的间隔、难度系数、到期日和复习记录</translation>
    </message>
</context>
<context>
    <name>app::ImportHistoryDialog</name>
    <message>
        <location line="+12"/>
        <source>Import history</source>
        <translation>导入历史</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cards</source>
        <translation>卡片</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sightings</source>
        <translation>面经记录</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Undone</source>
        <translation>已撤销</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Undo import</source>
        <translation>撤销导入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the cards this import created, with their study history, and the sightings it added?</source>
        <translation>删除这次导入新建的卡片（连同学习记录）以及添加的面经记录吗？</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Could not undo: %1</source>
        <translation>无法撤销：%1</translation>
    </message>
</context>
<context>
    <name>app::InterviewPage</name>
    <message>
        <location filename="../gui/interview_page.cpp" line="+147"/>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Interview today: %1</source>
        <translation>今天面试：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Next interview: %1 tomorrow · %2 cards a day · predicted recall %3</source>
        <translation>下一场面试：%1，明天 · 每天 %2 张卡片 · 预测记忆率 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next interview: %1 in %2 days · %3 cards a day · predicted recall %4</source>
        <translation>下一场面试：%1，%2 天后 · 每天 %3 张卡片 · 预测记忆率 %4</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Interviews</source>
        <translation>面试</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>e.g. ByteDance</source>
        <translation>例如 字节跳动</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>any role</source>
        <translation>任意岗位</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>e.g. 二面</source>
        <translation>例如 二面</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Add interview</source>
        <translation>添加面试</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add an interview</source>
        <translation>添加面试</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+21"/>
        <source>Company</source>
        <translation>公司</translation>
    </message>
    <message>
        <location line="-20"/>
        <location line="+20"/>
        <source>Role</source>
        <translation>岗位</translation>
    </message>
    <message>
        <location line="-19"/>
        <location line="+19"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="-18"/>
        <location line="+18"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Days left</source>
        <translation>剩余天数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cards</source>
        <translation>卡片</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Covered</source>
        <translation>已覆盖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per day</source>
        <translation>每日</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Recall, plan</source>
        <translation>记忆率（按计划）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Recall, no plan</source>
        <translation>记忆率（无计划）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Relevant cards: sighted at this company (and role), their topics and the topics directly before them</source>
        <translation>相关卡片：这家公司（及岗位）面经中出现过的卡片，以及它们所属主题和直接前置主题的卡片</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mean predicted recall of the relevant cards on the day, if the plan is followed</source>
        <translation>按计划复习时，相关卡片在面试当天的平均预测记忆率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mean predicted recall on the day with no review before it</source>
        <translation>面试前不复习时，当天的平均预测记忆率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Relevant cards answered since the interview was added</source>
        <translation>添加这场面试以来已作答的相关卡片</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Planned reviews of this interview&apos;s cards a day until the date</source>
        <translation>到面试日期前，这场面试的卡片每天计划复习的数量</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Remove selected</source>
        <translation>删除所选</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Compare schedulers for the selected interview</source>
        <translation>为所选面试比较调度算法</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> reviews a day</source>
        <translation> 次复习/天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare schedulers</source>
        <translation>比较调度算法</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Simulates every day until the interview with a learner whose memory follows the FSRS curve; each day the scheduler picks at most the given number of this interview&apos;s cards.</source>
        <translation>模拟一位记忆符合 FSRS 曲线的学习者，逐日推演到面试当天；每天由调度算法从这场面试的卡片中最多挑选给定数量进行复习。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Scheduler</source>
        <translation>调度算法</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Coverage</source>
        <translation>覆盖率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recall on the day</source>
        <translation>当天记忆率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reviews</source>
        <translation>复习次数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Forgotten</source>
        <translation>遗忘</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>Enter the company first.</source>
        <translation>请先输入公司。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The interview could not be added</source>
        <translation>无法添加面试</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Added. No card has a sighting at %1 with this role yet, so the plan has nothing to review for it; check the spelling, or leave the role empty.</source>
        <translation>已添加。目前没有卡片带有 %1 该岗位的面经记录，计划中没有可复习的内容；请检查拼写，或将岗位留空。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Added %1 on %2.</source>
        <translation>已添加 %1（%2）。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The interview could not be removed</source>
        <translation>无法删除面试</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Interview removed.</source>
        <translation>已删除面试。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The interviews could not be read: %1</source>
        <translation>无法读取面试：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>any</source>
        <translation>任意</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>today</source>
        <translation>今天</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>passed</source>
        <translation>已过</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>No interview yet: add one above.</source>
        <translation>还没有面试：请在上方添加。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No interview ahead: add one above.</source>
        <translation>没有即将到来的面试：请在上方添加。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The plan for every interview ahead: %1 cards a day (daily budget %2), %3 of them today. They join the daily review queue.</source>
        <translation>所有即将到来的面试的计划：每天 %1 张卡片（每日上限 %2），今天 %3 张。它们会加入每日复习队列。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not enough time: at %1 cards a day, %2 of the %3 relevant cards cannot be reviewed before their interview. At least %4 cards a day are needed.</source>
        <translation>时间不够：按每天 %1 张卡片，%3 张相关卡片中有 %2 张无法在面试前复习到。每天至少需要 %4 张。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Planned reviews per day: no interview ahead</source>
        <translation>每日计划复习量：没有即将到来的面试</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 on %2</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Planned reviews per day · interviews: %1</source>
        <translation>每日计划复习量 · 面试：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>First review before the date</source>
        <translation>面试前首次复习</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Revisit of a weak card</source>
        <translation>薄弱卡片再复习</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>days from today</source>
        <translation>距今天数</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>cards</source>
        <translation>卡片数</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>The interviews could not be read</source>
        <translation>无法读取面试</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Select an interview that is still ahead.</source>
        <translation>请选择一场尚未到来的面试。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The comparison could not be computed</source>
        <translation>无法计算比较结果</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>SM-2</source>
        <translation>SM-2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FSRS-6</source>
        <translation>FSRS-6</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FSRS-6 with the interview plan</source>
        <translation>FSRS-6 + 面试计划</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (%2 of %3 cards)</source>
        <translation>%1（%3 张卡片中的 %2 张）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 on %2: %3 relevant cards, %4 study days, at most %5 reviews a day, desired retention %6 % for FSRS. Simulated learner (seed 1).</source>
        <translation>%1（%2）：%3 张相关卡片，%4 个学习日，每天最多复习 %5 次，FSRS 目标记忆率 %6 %。模拟学习者（seed 1）。</translation>
    </message>
    <message>
        <source>Weak-spot drill</source>
        <translation>薄弱点强化练习</translation>
    </message>
    <message>
        <source>Drill the selected interview's cards you are most likely to forget by its day, and those you scored 2 or less in a mock interview. The answers are logged but do not change when cards are due.</source>
        <translation>练习所选面试中到面试当天最可能遗忘的卡片，以及模拟面试中得分不超过 2 的卡片。作答会被记录，但不改变卡片的到期时间。</translation>
    </message>
    <message>
        <source>The weak spots could not be found</source>
        <translation>无法找出薄弱点</translation>
    </message>
    <message>
        <source>No weak spots for %1: every answered card is predicted above 90 % on the day, and no mock answer scored 2 or less.</source>
        <translation>%1 没有薄弱点：每张答过的卡片在当天的预测记忆率都高于 90 %，且没有模拟面试作答得分不超过 2。</translation>
    </message>
</context>
<context>
    <name>app::MainWindow</name>
    <message>
        <location filename="../gui/main_window.cpp" line="+44"/>
        <location line="+8"/>
        <location line="+85"/>
        <source>InfraCards</source>
        <translation>InfraCards</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Import &amp;history…</source>
        <translation>导入历史(&amp;H)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Back up now</source>
        <translation>立即备份(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Restore from backup…</source>
        <translation>从备份恢复(&amp;R)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Go</source>
        <translation>转到(&amp;G)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pages</source>
        <translation>页面</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Home</source>
        <translation>首页(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Review</source>
        <translation>复习(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Browse</source>
        <translation>浏览(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Mock interview</source>
        <translation>模拟面试(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Interviews</source>
        <translation>面试(&amp;I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Statistics</source>
        <translation>统计(&amp;S)</translation>
    </message>
    <message>
        <location line="+105"/>
        <source>Backup failed: %1</source>
        <translation>备份失败：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Backed up to %1</source>
        <translation>已备份到 %1</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>There are no backups in %1 yet.</source>
        <translation>%1 中还没有备份。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 · %2 cards, %3 answers · %4</source>
        <translation>%1 · %2 张卡片，%3 次作答 · %4</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 · unreadable · %2</source>
        <translation>%1 · 无法读取 · %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restore from backup</source>
        <translation>从备份恢复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The collection is replaced by the backup you choose; what it holds now is kept as a before-restore backup. InfraCards restarts to do this.</source>
        <translation>卡片集将被替换为所选备份；当前内容会作为恢复前备份保留。InfraCards 会重启以完成恢复。</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Merge progress from another collection…</source>
        <translation>从另一个卡片集合并进度(&amp;M)…</translation>
    </message>
    <message>
        <source>Merge progress from another collection</source>
        <translation>从另一个卡片集合并进度</translation>
    </message>
    <message>
        <source>InfraCards collections (*.sqlite)</source>
        <translation>InfraCards 卡片集 (*.sqlite)</translation>
    </message>
    <message>
        <source>Merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>Nothing merged: %1</source>
        <translation>没有合并：%1</translation>
    </message>
    <message>
        <source>Nothing merged: %1 is the collection that is open</source>
        <translation>没有合并：%1 就是当前打开的卡片集</translation>
    </message>
    <message>
        <source>%1 holds %2 cards this collection does not have and %3 reviews of %4 cards both have. Reviews are merged by answer time, nothing here is lost, and a backup is made first. Merge?</source>
        <translation>%1 含有 %2 张本卡片集没有的卡片，以及两边都有的 %4 张卡片的 %3 次复习记录。复习记录按作答时间合并，这里的内容不会丢失，合并前会先做备份。要合并吗？</translation>
    </message>
    <message>
        <source>Nothing merged: the backup failed: %1</source>
        <translation>没有合并：备份失败：%1</translation>
    </message>
    <message>
        <source>Merged %1: %2 reviews added to %3 cards, %4 new cards.</source>
        <translation>已合并 %1：为 %3 张卡片添加了 %2 次复习，新增 %4 张卡片。</translation>
    </message>
    <message>
        <source>InfraCards JSON, with study history (*.json)</source>
        <translation>InfraCards JSON，含学习记录 (*.json)</translation>
    </message>
    <message>
        <source>Anki package (*.apkg)</source>
        <translation>Anki 卡组包 (*.apkg)</translation>
    </message>
    <message>
        <source>CSV spreadsheet, cards only (*.csv)</source>
        <translation>CSV 表格，仅卡片 (*.csv)</translation>
    </message>
    <message>
        <source>Export the collection</source>
        <translation>导出卡片集</translation>
    </message>
    <message>
        <source>Nothing exported: name the file .json, .apkg or .csv</source>
        <translation>没有导出：文件名请以 .json、.apkg 或 .csv 结尾</translation>
    </message>
    <message>
        <source>Nothing exported: %1</source>
        <translation>没有导出：%1</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n card(s) to %1</source>
        <translation>
            <numerusform>已导出 %n 张卡片到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Anki package, with study history (*.apkg)</source>
        <translation>Anki 卡包，含学习记录 (*.apkg)</translation>
    </message>
    <message>
        <source>Anki package, cards only (*.apkg)</source>
        <translation>Anki 卡包，仅卡片 (*.apkg)</translation>
    </message>
    <message>
        <source>Reading the collection…</source>
        <translation>正在读取卡片集…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Writing card %1 of %2…</source>
        <translation>正在写入第 %1 张，共 %2 张…</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
    <message>
        <source>Export stopped: nothing was written</source>
        <translation>导出已停止：没有写入任何内容</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n card(s) with %1 review(s) to %2 (%3)</source>
        <translation>
            <numerusform>已导出 %n 张卡片和 %1 条复习记录到 %2（%3）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n card(s), without study history, to %1 (%2)</source>
        <translation>
            <numerusform>已导出 %n 张卡片（不含学习记录）到 %1（%2）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>app::MockHistoryView</name>
    <message>
        <location filename="../gui/mock_report_view.cpp" line="+204"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Past rounds (double-click for the report):</source>
        <translation>历史场次（双击查看报告）：</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not passed</source>
        <translation>未通过</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Score % over time</source>
        <translation>得分率变化</translation>
    </message>
</context>
<context>
    <name>app::MockInterviewPage</name>
    <message>
        <source>Record my spoken answers</source>
        <translation>录下我的口头回答</translation>
    </message>
    <message>
        <source>Recording is off: %1</source>
        <translation>录音未开启：%1</translation>
    </message>
    <message>
        <source>Each answer is recorded from the microphone while its clock runs and kept beside the collection; Settings can keep none.</source>
        <translation>每题计时期间用麦克风录下回答，保存在题库文件旁；可在设置中选择不保留。</translation>
    </message>
    <message>
        <source>Stop playback</source>
        <translation>停止播放</translation>
    </message>
    <message>
        <source>● Recording %1</source>
        <translation>● 录音中 %1</translation>
    </message>
    <message>
        <source>▶ Play my answer (%1, %2)</source>
        <translation>▶ 播放我的回答（%1，%2）</translation>
    </message>
    <message>
        <source>✓ covered</source>
        <translation>✓ 已覆盖</translation>
    </message>
    <message>
        <source>~ partly</source>
        <translation>~ 部分</translation>
    </message>
    <message>
        <source>✗ not found</source>
        <translation>✗ 未提到</translation>
    </message>
    <message>
        <source>%1  %2. %3</source>
        <translation>%1  %2. %3</translation>
    </message>
    <message>
        <source>Your notes against the key points (by the words they share, computed here, nothing is sent anywhere): %1 of %2 covered.</source>
        <translation>笔记与要点对照（按共有的词在本机计算，不发送到任何地方）：覆盖 %1 / %2 条。</translation>
    </message>
    <message>
        <location filename="../gui/mock_page.cpp" line="+61"/>
        <source>Does not know the concept, or the core idea is wrong</source>
        <translation>不了解概念，或核心思路有误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gives a definition, but not the mechanism or its limits</source>
        <translation>能给出定义，但讲不清机制和边界</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Draws the data flow, states the key formula; the conclusion is broadly right</source>
        <translation>能画出数据流、写出关键公式，结论基本正确</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weighs trade-offs and bottlenecks, names what to measure, ties it to hands-on work</source>
        <translation>能权衡取舍、分析瓶颈，说明要测什么，并结合实际项目经验</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Handles counter-examples, failures and scale; proposes a testable experiment or production design</source>
        <translation>能应对反例、故障和规模问题，给出可验证的实验或生产级设计</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>New round</source>
        <translation>新一轮</translation>
    </message>
    <message>
        <location line="+29"/>
        <location line="+216"/>
        <source>Custom round</source>
        <translation>自定义轮次</translation>
    </message>
    <message>
        <location line="-191"/>
        <source>any company (e.g. ByteDance, Alibaba)</source>
        <translation>任意公司（例如 字节跳动、阿里巴巴）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>any round (e.g. 一面, 二面)</source>
        <translation>任意轮次（例如 一面、二面）</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+4"/>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+4"/>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weakest topics first</source>
        <translation>薄弱主题优先</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Most frequently asked first</source>
        <translation>高频题优先</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Topics (none: all)</source>
        <translation>主题（不选：全部）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Companies</source>
        <translation>公司</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interview rounds</source>
        <translation>面试轮次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Levels (none: all)</source>
        <translation>等级（不选：全部）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Questions</source>
        <translation>题目数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time per question</source>
        <translation>每题时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time in total</source>
        <translation>总时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Order</source>
        <translation>出题顺序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pass line</source>
        <translation>通过线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Round settings</source>
        <translation>本轮设置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start round</source>
        <translation>开始模拟</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Resume interrupted round</source>
        <translation>继续中断的模拟</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Round type</source>
        <translation>轮次类型</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Notes (optional): type your answer or its outline; it is kept with the score.</source>
        <translation>笔记（可选）：写下你的答案或提纲，会与得分一起保存。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show answer (Space)</source>
        <translation>显示答案 (Space)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+365"/>
        <source>Pause (P)</source>
        <translation>暂停 (P)</translation>
    </message>
    <message>
        <location line="-363"/>
        <source>Skip (S)</source>
        <translation>跳过 (S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>End early (Ctrl+E)</source>
        <translation>提前结束 (Ctrl+E)</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>A round of your own: pick topics, companies, rounds and levels, the number of questions and the clocks.</source>
        <translation>自定义一轮：选择主题、公司、轮次和等级，以及题目数量和时间。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 min · %3 questions (%4–%5)&lt;br&gt;&lt;i&gt;Pass:&lt;/i&gt; %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 分钟 · %3 题（%4–%5）&lt;br&gt;&lt;i&gt;通过标准：&lt;/i&gt;%6</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>No card matches these settings: widen the topics, levels, companies or rounds.</source>
        <translation>没有符合这些设置的卡片：请放宽主题、等级、公司或轮次。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Question %1 of %2 · %3</source>
        <translation>第 %1 / %2 题 · %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This round was interrupted. Press Resume (P) to continue with question %1.</source>
        <translation>本轮已中断。按“继续 (P)”从第 %1 题接着答。</translation>
    </message>
    <message>
        <location line="+92"/>
        <source>Question %1 of %2 · %3 · %4 · level %5</source>
        <translation>第 %1 / %2 题 · %3 · %4 · 等级 %5</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Key points</source>
        <translation>要点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sources</source>
        <translation>参考来源</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 left</source>
        <translation>剩余 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  ·  round %1 / %2</source>
        <translation>  ·  本轮 %1 / %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  ·  round %1</source>
        <translation>  ·  本轮 %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Time is up. Score what you said before the clock ran out (0–4).</source>
        <translation>时间到。请为计时结束前的回答打分（0–4）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Answer aloud, as in the interview; reveal the reference answer when done.</source>
        <translation>像真实面试一样口头作答；答完再显示参考答案。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Paused: the clock is stopped.</source>
        <translation>已暂停：计时已停止。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compare with the key points and score your answer (0–4).</source>
        <translation>对照要点，为你的回答打分（0–4）。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Resume (P)</source>
        <translation>继续 (P)</translation>
    </message>
    <message>
        <source>Tick each key point your answer covered</source>
        <translation>勾选你的回答覆盖到的要点</translation>
    </message>
    <message>
        <source>Suggested score %1: %2 of %3 key points ticked (all → 4, at least ¾ → 3, at least ½ → 2, some → 1, none → 0). Your own score is the one that counts.</source>
        <translation>建议评分 %1：勾选了 %3 个要点中的 %2 个（全部 → 4，至少 ¾ → 3，至少 ½ → 2，部分 → 1，没有 → 0）。以你自己打的分为准。</translation>
    </message>
</context>
<context>
    <name>app::MockReportView</name>
    <message>
        <source>Your spoken answers</source>
        <translation>你的口头回答</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete all of this round</source>
        <translation>删除本轮全部录音</translation>
    </message>
    <message>
        <source>Question %1 · %2 · %3</source>
        <translation>第 %1 题 · %2 · %3</translation>
    </message>
    <message numerus="yes">
        <source>%n recording(s), %1 in all</source>
        <translation>
            <numerusform>%n 段录音，共 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Spoken answers</source>
        <translation>口头回答</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message numerus="yes">
        <source>Delete the %n recording(s) of this round?</source>
        <translation>
            <numerusform>删除本轮的 %n 段录音？</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../gui/mock_report_view.cpp" line="-183"/>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ended early</source>
        <translation>提前结束</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>out of time</source>
        <translation>超时</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Question</source>
        <translation>题目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Topic</source>
        <translation>主题</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time</source>
        <translation>用时</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cards to review (scored 0–2 or skipped; the scored ones are due again tomorrow):</source>
        <translation>需要复习的卡片（得分 0–2 或跳过；已打分的明天再次到期）：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Score by topic, weakest first:</source>
        <translation>各主题得分（薄弱在前）：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Passed: %1 / %2</source>
        <translation>通过：%1 / %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not passed: %1 / %2</source>
        <translation>未通过：%1 / %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 · pass line %2 points (%3 % of the maximum) · %4 of %5 questions reached · %6 · time %7</source>
        <translation>%1 · 通过线 %2 分（满分的 %3 %）· 答到 %5 题中的 %4 题 · %6 · 用时 %7</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>not reached</source>
        <translation>未答到</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+42"/>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>Score %</source>
        <translation>得分率 %</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Nothing: every question reached scored 3 or 4.</source>
        <translation>无：答到的每道题都得了 3 或 4 分。</translation>
    </message>
    <message>
        <source>Key points: %1 of %2 ticked as covered.</source>
        <translation>要点：%2 个中勾选覆盖了 %1 个。</translation>
    </message>
    <message>
        <source>Q%1 “%2”</source>
        <translation>第 %1 题“%2”</translation>
    </message>
    <message>
        <source>Missed: %1.</source>
        <translation>漏掉：%1。</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>“%1” (%2): missed in %3 of %4 answers</source>
        <translation>“%1”（%2）：%4 次回答中漏掉 %3 次</translation>
    </message>
    <message>
        <source>Missed most over all rounds:</source>
        <translation>历次模拟面试中最常漏掉的要点：</translation>
    </message>
</context>
<context>
    <name>app::ReviewHeatmap</name>
    <message numerus="yes">
        <location filename="../gui/review_heatmap.cpp" line="+127"/>
        <source>%n review(s) on %1 day(s) in the last year</source>
        <translation>
            <numerusform>过去一年 %1 天共复习 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+26"/>
        <source>%1: %n review(s)</source>
        <translation>
            <numerusform>%1：复习 %n 次</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>app::ReviewPage</name>
    <message>
        <location filename="../gui/review_page.cpp" line="+27"/>
        <source>today</source>
        <translation>今天</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n d</source>
        <translation>
            <numerusform>%n 天</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 mo</source>
        <translation>%1 个月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 y</source>
        <translation>%1 年</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Show answer (Space)</source>
        <translation>显示答案 (Space)</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+172"/>
        <source>Again</source>
        <translation>重来</translation>
    </message>
    <message>
        <location line="-172"/>
        <location line="+172"/>
        <source>Hard</source>
        <translation>困难</translation>
    </message>
    <message>
        <location line="-172"/>
        <location line="+172"/>
        <source>Good</source>
        <translation>良好</translation>
    </message>
    <message>
        <location line="-172"/>
        <location line="+172"/>
        <source>Easy</source>
        <translation>简单</translation>
    </message>
    <message>
        <location line="-124"/>
        <source>Nothing is due. Come back tomorrow, or raise the new-card limit in Settings.</source>
        <translation>没有到期的卡片。明天再来，或在设置中提高每日新卡上限。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Session done: %n answer(s)</source>
        <translation>
            <numerusform>本次完成：作答 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>, %n again</source>
        <translation>
            <numerusform>，重来 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>, %n minute(s).</source>
        <translation>
            <numerusform>，用时 %n 分钟。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Key points</source>
        <translation>要点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sources</source>
        <translation>参考来源</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>today, then %1</source>
        <translation>今天再练，之后 %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Left today: %1 (%2 reviews, %3 new, %4 for interviews, %5 repeats) · answered %6 · %7 min</source>
        <translation>今日剩余：%1（复习 %2，新卡 %3，面试 %4，重练 %5）· 已答 %6 · %7 分钟</translation>
    </message>
    <message numerus="yes">
        <source>Drill done: %n answer(s)</source>
        <translation>
            <numerusform>练习完成：%n 次作答</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n again.</source>
        <translation>
            <numerusform>，%n 次重来。</numerusform>
        </translation>
    </message>
    <message>
        <source>When cards are due is unchanged.</source>
        <translation>卡片的到期时间没有改变。</translation>
    </message>
    <message>
        <source>again in this drill</source>
        <translation>本次练习中再来一次</translation>
    </message>
    <message>
        <source>schedule unchanged</source>
        <translation>排程不变</translation>
    </message>
    <message>
        <source>Weak-spot drill for %1: %2 left · answered %3 · due dates unchanged</source>
        <translation>%1 的薄弱点练习：剩余 %2 · 已答 %3 · 到期时间不变</translation>
    </message>
</context>
<context>
    <name>app::SettingsDialog</name>
    <message>
        <source>Keep my spoken answers after each mock question</source>
        <translation>模拟面试每题结束后保留我的录音</translation>
    </message>
    <message>
        <source>Off: a recording can be played back after the reveal and is deleted when the next question comes.</source>
        <translation>关闭时：录音可在显示答案后回放，进入下一题时删除。</translation>
    </message>
    <message>
        <source>Mock interviews</source>
        <translation>模拟面试</translation>
    </message>
    <message>
        <location filename="../gui/settings_dialog.cpp" line="+26"/>
        <location line="+105"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="-100"/>
        <source> cards</source>
        <translation> 张</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> reviews</source>
        <translation> 次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Introduce new cards in learning-path order (foundations before the topics that build on them)</source>
        <translation>按学习路径引入新卡（先学基础，再学依赖它的主题）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>:00</source>
        <translation>:00</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reviews before this local hour count for the previous day</source>
        <translation>本地时间这个钟点之前的复习计入前一天</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SM-2 (SuperMemo, as published)</source>
        <translation>SM-2（SuperMemo，按原始发表版本）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FSRS-6 (memory model, desired retention)</source>
        <translation>FSRS-6（记忆模型，目标记忆率）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Both read the same review history: switching keeps every answer</source>
        <translation>两者读取同一份复习记录：切换后所有作答都会保留</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FSRS schedules each card for this probability of recall</source>
        <translation>FSRS 按这个回忆概率安排每张卡片</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Study (saved in the collection)</source>
        <translation>学习（保存在卡片集中）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>New cards per day</source>
        <translation>每日新卡数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Maximum reviews per day</source>
        <translation>每日最多复习数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A new day starts at</source>
        <translation>新一天开始于</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scheduler</source>
        <translation>调度算法</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Desired retention (FSRS)</source>
        <translation>目标记忆率（FSRS）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>System language</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Takes effect the next time InfraCards starts.</source>
        <translation>下次启动 InfraCards 时生效。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>To use another collection, start InfraCards with --collection PATH.</source>
        <translation>如需使用其他卡片集，请用 --collection PATH 启动 InfraCards。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No backup folder</source>
        <translation>未设置备份文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Application</source>
        <translation>应用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collection</source>
        <translation>卡片集</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+14"/>
        <source>Backup folder</source>
        <translation>备份文件夹</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The study settings could not be saved:
%1</source>
        <translation>无法保存学习设置：
%1</translation>
    </message>
</context>
<context>
    <name>app::StatsPage</name>
    <message>
        <location filename="../gui/stats_page.cpp" line="+128"/>
        <source>The statistics could not be read: %1</source>
        <translation>无法读取统计数据：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Streak: %n day(s)</source>
        <translation>
            <numerusform>连续学习：%n 天</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n review(s) today</source>
        <translation>
            <numerusform>今日复习 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n card(s) in the collection</source>
        <translation>
            <numerusform>卡片集共 %n 张卡片</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Due in the next 30 days</source>
        <translation>未来 30 天到期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reviews due</source>
        <translation>到期复习数</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>days from today (0: today, with overdue cards)</source>
        <translation>距今天数（0：今天，含逾期卡片）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cards by state</source>
        <translation>各状态卡片数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cards</source>
        <translation>卡片数</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>leech</source>
        <translation>顽固卡</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Retention on mature cards (Good or Easy, first answer of the day)</source>
        <translation>已熟练卡片的记忆保持率（当天首次作答为“良好”或“简单”）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retention %</source>
        <translation>保持率 %</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%1 (%n answer(s))</source>
        <translation>
            <numerusform>%1（%n 次作答）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Retention by topic: no answers on mature cards yet (interval of 21 days or more)</source>
        <translation>各主题保持率：已熟练卡片（间隔 21 天及以上）尚无作答</translation>
    </message>
</context>
<context>
    <name>directions</name>
    <message>
        <location filename="../gui/topic_names.cpp" line="+39"/>
        <source>Training framework</source>
        <translation>训练框架</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inference framework</source>
        <translation>推理框架</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>High-performance kernels</source>
        <translation>高性能算子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cloud native</source>
        <translation>云原生</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Algorithms</source>
        <translation>算法</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Backend / C++</source>
        <translation>后端/C++</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Direction not stated</source>
        <translation>方向未注明</translation>
    </message>
</context>
<context>
    <name>topics</name>
    <message>
        <location line="-29"/>
        <source>GPU architecture</source>
        <translation>GPU 架构</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA programming</source>
        <translation>CUDA 编程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kernel optimisation</source>
        <translation>算子优化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Triton</source>
        <translation>Triton</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUTLASS and Hopper</source>
        <translation>CUTLASS 与 Hopper</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AI compilers</source>
        <translation>AI 编译器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model architecture</source>
        <translation>模型结构</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantisation</source>
        <translation>量化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inference systems</source>
        <translation>推理系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Distributed training</source>
        <translation>分布式训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Communication</source>
        <translation>集合通信与网络</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Framework runtime and C++</source>
        <translation>框架运行时与 C++</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clusters and scheduling</source>
        <translation>集群与调度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RL infrastructure</source>
        <translation>强化学习基础设施</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RAG and agents</source>
        <translation>RAG 与智能体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OS and networking</source>
        <translation>操作系统与网络</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System design</source>
        <translation>系统设计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Coding</source>
        <translation>编程题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Machine-learning basics</source>
        <translation>机器学习基础</translation>
    </message>
</context>
<context>
    <name>app::ErrorText</name>
    <message>
        <source>%1 (%2, line %3)</source>
        <translation>%1（%2，第 %3 行）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>The file does not exist.</source>
        <translation>文件不存在。</translation>
    </message>
    <message>
        <source>The file cannot be opened or read.</source>
        <translation>无法打开或读取该文件。</translation>
    </message>
    <message>
        <source>This file is not an InfraCards collection, or it is damaged.</source>
        <translation>这个文件不是 InfraCards 卡片集，或者已经损坏。</translation>
    </message>
    <message>
        <source>The collection failed its integrity check.</source>
        <translation>卡片集没有通过完整性检查。</translation>
    </message>
    <message>
        <source>The collection was written by a newer version of InfraCards.</source>
        <translation>这个卡片集由更新版本的 InfraCards 写入。</translation>
    </message>
    <message>
        <source>The collection could not be read or written.</source>
        <translation>无法读取或写入卡片集。</translation>
    </message>
    <message>
        <source>It is no longer in the collection.</source>
        <translation>它已不在卡片集中。</translation>
    </message>
    <message>
        <source>A value is out of range or malformed.</source>
        <translation>有一个值超出范围或格式不对。</translation>
    </message>
    <message>
        <source>That cannot be done now.</source>
        <translation>现在无法执行这个操作。</translation>
    </message>
    <message>
        <source>Something went wrong.</source>
        <translation>出了点问题。</translation>
    </message>
    <message>
        <source>There is nothing to import.</source>
        <translation>没有可以导入的内容。</translation>
    </message>
    <message>
        <source>This is a binary file, not text.</source>
        <translation>这是二进制文件，不是文本。</translation>
    </message>
    <message>
        <source>The text is not UTF-8 (or the same encoding throughout); save it as UTF-8.</source>
        <translation>文本不是 UTF-8（或前后编码不一致）；请另存为 UTF-8。</translation>
    </message>
    <message>
        <source>The input is larger than the 100 MiB limit.</source>
        <translation>输入超过了 100 MiB 的上限。</translation>
    </message>
    <message>
        <source>A quoted CSV field is never closed, or a quote is out of place.</source>
        <translation>CSV 中有引号字段没有闭合，或引号位置不对。</translation>
    </message>
    <message>
        <source>A CSV column is missing or a row has the wrong number of fields.</source>
        <translation>CSV 缺少某一列，或某一行的字段数不对。</translation>
    </message>
    <message>
        <source>This is not valid JSON.</source>
        <translation>这不是有效的 JSON。</translation>
    </message>
    <message>
        <source>This JSON is not an InfraCards export, or a value in it is out of range.</source>
        <translation>这个 JSON 不是 InfraCards 导出的文件，或者其中有值超出范围。</translation>
    </message>
    <message>
        <source>The package is damaged or not a zip archive.</source>
        <translation>这个包已损坏，或者不是 zip 压缩包。</translation>
    </message>
    <message>
        <source>The package is password-protected; export it again without a password.</source>
        <translation>这个包设置了密码；请不设密码重新导出。</translation>
    </message>
    <message>
        <source>The package holds no collection this version can read.</source>
        <translation>这个包里没有本版本能读取的卡片集。</translation>
    </message>
    <message>
        <source>The collection inside the package is damaged.</source>
        <translation>包内的卡片集已损坏。</translation>
    </message>
    <message>
        <source>The package's collection is not an Anki collection.</source>
        <translation>包内的卡片集不是 Anki 卡片集。</translation>
    </message>
    <message>
        <source>The package's collection could not be read.</source>
        <translation>无法读取包内的卡片集。</translation>
    </message>
    <message>
        <source>The file's type was not recognised.</source>
        <translation>无法识别文件类型。</translation>
    </message>
    <message>
        <source>The command was not used as it should be.</source>
        <translation>命令的用法不对。</translation>
    </message>
    <message>
        <source>The preview was stopped.</source>
        <translation>预览已停止。</translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation>详情：%1</translation>
    </message>
</context>
<context>
    <name>app::CompanyAsksDialog</name>
    <message>
        <source>What %1 asks most</source>
        <translation>%1 最常问什么</translation>
    </message>
    <message>
        <source>Every round</source>
        <translation>所有轮次</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>题目</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>面经数</translation>
    </message>
    <message>
        <source>Latest report</source>
        <translation>最近一篇面经</translation>
    </message>
    <message>
        <source>Predicted recall</source>
        <translation>预测记忆率</translation>
    </message>
    <message>
        <source>Distinct reports of this company that asked the card; a report a year old counts half</source>
        <translation>问过这张卡的这家公司的面经篇数；一年前的面经按一半计权</translation>
    </message>
    <message>
        <source>The newest report's date; &quot;posted&quot; when the report gives only the day it was posted or published</source>
        <translation>最近一篇面经的日期；若面经只给出发帖或收录日期，则标为“发帖”</translation>
    </message>
    <message>
        <source>Top </source>
        <translation>前 </translation>
    </message>
    <message>
        <source>Mock interview of the top %1</source>
        <translation>用前 %1 题模拟面试</translation>
    </message>
    <message>
        <source>Set an interview date…</source>
        <translation>设定面试日期…</translation>
    </message>
    <message>
        <source>Round:</source>
        <translation>轮次：</translation>
    </message>
    <message>
        <source>today</source>
        <translation>今天</translation>
    </message>
    <message>
        <source>on the interview day, %1</source>
        <translation>在面试当天（%1）</translation>
    </message>
    <message>
        <source>Weight %1 (recent reports count more)</source>
        <translation>权重 %1（越新的面经权重越高）</translation>
    </message>
    <message>
        <source>undated</source>
        <translation>无日期</translation>
    </message>
    <message>
        <source>%1 (posted)</source>
        <translation>%1（发帖）</translation>
    </message>
    <message>
        <source>not studied</source>
        <translation>未学习</translation>
    </message>
    <message numerus="yes">
        <source>%n card(s) asked by %1, ranked by its reports (a report a year old counts half).</source>
        <translation>
            <numerusform>%1 问过 %n 张卡片，按其面经排序（一年前的面经按一半计权）。</numerusform>
        </translation>
    </message>
    <message>
        <source> Predicted recall %1.</source>
        <translation>预测记忆率按%1计算。</translation>
    </message>
    <message numerus="yes">
        <source> %n latest date(s) are only when the report was posted, not when the interview took place.</source>
        <translation>
            <numerusform>其中 %n 个最近日期只是面经的发帖日期，不是面试日期。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>app::AnswerRecorder</name>
    <message>
        <source>the file cannot be read</source>
        <translation>文件无法读取</translation>
    </message>
    <message>
        <source>not a WAV file (no RIFF/WAVE header)</source>
        <translation>不是 WAV 文件（没有 RIFF/WAVE 文件头）</translation>
    </message>
    <message>
        <source>the format chunk is %1 bytes, 16 expected</source>
        <translation>格式块为 %1 字节，应为 16 字节</translation>
    </message>
    <message>
        <source>the format chunk is cut short</source>
        <translation>格式块不完整</translation>
    </message>
    <message>
        <source>samples of format %1 with %2 bits are not supported</source>
        <translation>不支持格式 %1、%2 位的采样</translation>
    </message>
    <message>
        <source>%1 channels: 1 to 8 expected</source>
        <translation>%1 个声道：应为 1 到 8 个</translation>
    </message>
    <message>
        <source>a sample rate of %1 Hz: 1,000 to 384,000 expected</source>
        <translation>采样率 %1 Hz：应为 1,000 到 384,000</translation>
    </message>
    <message>
        <source>the samples come before their format</source>
        <translation>采样数据出现在格式块之前</translation>
    </message>
    <message>
        <source>no samples (no data chunk)</source>
        <translation>没有采样数据（缺少 data 块）</translation>
    </message>
    <message>
        <source>no format chunk</source>
        <translation>缺少格式块</translation>
    </message>
    <message>
        <source>No microphone was found (the sound system lists no audio input).</source>
        <translation>未找到麦克风（声音系统中没有音频输入设备）。</translation>
    </message>
    <message>
        <source>The microphone&apos;s sample format cannot be stored in a WAV file.</source>
        <translation>麦克风的采样格式无法存为 WAV 文件。</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>The microphone could not be opened.</source>
        <translation>无法打开麦克风。</translation>
    </message>
</context>
<context>
    <name>app::AnswerPlayer</name>
    <message>
        <source>No speaker or headphones were found (the sound system lists no audio output).</source>
        <translation>未找到扬声器或耳机（声音系统中没有音频输出设备）。</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>The audio output could not be opened.</source>
        <translation>无法打开音频输出。</translation>
    </message>
</context>
</TS>
