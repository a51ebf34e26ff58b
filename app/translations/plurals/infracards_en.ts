<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>app::BrowsePage</name>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>app::CardTableModel</name>
    <message numerus="yes">
        <source>%n d overdue</source>
        <translation>
            <numerusform>%n d overdue</numerusform>
            <numerusform>%n d overdue</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>in %n d</source>
        <translation>
            <numerusform>in %n d</numerusform>
            <numerusform>in %n d</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>app::HomePage</name>
    <message numerus="yes">
        <source>Streak: %n day(s) in a row</source>
        <translation>
            <numerusform>Streak: %n day in a row</numerusform>
            <numerusform>Streak: %n days in a row</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>app::ReviewHeatmap</name>
    <message numerus="yes">
        <source>%n review(s) on %1 day(s) in the last year</source>
        <translation>
            <numerusform>%n review on %1 day(s) in the last year</numerusform>
            <numerusform>%n reviews on %1 day(s) in the last year</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n review(s)</source>
        <translation>
            <numerusform>%1: %n review</numerusform>
            <numerusform>%1: %n reviews</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>app::ReviewPage</name>
    <message numerus="yes">
        <source>%n d</source>
        <translation>
            <numerusform>%n d</numerusform>
            <numerusform>%n d</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Session done: %n answer(s)</source>
        <translation>
            <numerusform>Session done: %n answer</numerusform>
            <numerusform>Session done: %n answers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n again</source>
        <translation>
            <numerusform>, %n again</numerusform>
            <numerusform>, %n again</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n minute(s).</source>
        <translation>
            <numerusform>, %n minute.</numerusform>
            <numerusform>, %n minutes.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>app::StatsPage</name>
    <message numerus="yes">
        <source>Streak: %n day(s)</source>
        <translation>
            <numerusform>Streak: %n day</numerusform>
            <numerusform>Streak: %n days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n review(s) today</source>
        <translation>
            <numerusform>%n review today</numerusform>
            <numerusform>%n reviews today</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s) in the collection</source>
        <translation>
            <numerusform>%n card in the collection</numerusform>
            <numerusform>%n cards in the collection</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n answer(s))</source>
        <translation>
            <numerusform>%1 (%n answer)</numerusform>
            <numerusform>%1 (%n answers)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>app::MockReportView</name>
    <message numerus="yes">
        <source>%n recording(s), %1 in all</source>
        <translation>
            <numerusform>%n recording, %1 in all</numerusform>
            <numerusform>%n recordings, %1 in all</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete the %n recording(s) of this round?</source>
        <translation>
            <numerusform>Delete the recording of this round?</numerusform>
            <numerusform>Delete the %n recordings of this round?</numerusform>
        </translation>
    </message>
</context>
</TS>
